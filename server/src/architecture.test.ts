import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCycles, moduleFolderImports, type FolderImport } from '../test/module-graph';

const MODULES = join(import.meta.dirname, 'modules');

/** Each tangle of folders: one cycle through it, then every import among its folders. */
function describeCycles(imports: FolderImport[]): string {
  return folderCycles(imports)
    .map(({ folders, path }) => {
      const inside = imports.filter((found) => folders.includes(found.from) && folders.includes(found.to));
      const lines = inside.map((found) => `  ${found.file} -> ${found.specifier}${found.typeOnly ? ' (types only)' : ''}`);
      return [`${path.join(' -> ')} (folders tangled: ${folders.join(', ')})`, ...lines].join('\n');
    })
    .join('\n\n');
}

describe('module folders', () => {
  /*
   * A folder under modules/ builds on others or is built on, never both: no import cycle between
   * folders. Type-only imports count too. They vanish at run time (no load-order trap), but they
   * still tie both folders together, and the fix costs little: the module that needs a service
   * declares the narrow shape it uses (users' `ProfileBillingFields`), the container passes the
   * other module's service in, and shared pieces live with the module that owns them.
   */
  it('import each other without cycles', () => {
    const imports = moduleFolderImports(MODULES);
    expect(imports.length).toBeGreaterThan(0);
    const cycles = describeCycles(imports);
    expect(cycles, `import cycles between module folders:\n${cycles}`).toBe('');
  });

  it('finds a cycle, however long, and names it', () => {
    const edges = [
      { from: 'auth', to: 'users' },
      { from: 'users', to: 'billing' },
      { from: 'billing', to: 'auth' },
      { from: 'billing', to: 'plans' },
      { from: 'translate', to: 'plans' },
    ];
    expect(folderCycles(edges)).toEqual([{ folders: ['auth', 'billing', 'users'], path: ['auth', 'users', 'billing', 'auth'] }]);
    expect(folderCycles(edges.slice(3))).toEqual([]);
  });
});
