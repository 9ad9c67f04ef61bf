/** [package, a file that shows it is installed, needed for, optional 'lean'] */
export type SystemPackage = [name: string, probe: string, why: string, lean?: 'lean'];
export const SYSTEM_PACKAGES: { start: SystemPackage[]; test: SystemPackage[] };
export function ensureSystemPackages(kind?: 'start' | 'test'): void;
