// The Arabic catalogs, one chunk (catalog-ar-<hash>.js): loaded only when the interface speaks Arabic.
export default import.meta.glob<Record<string, unknown>>('./ar/*.json', { eager: true, import: 'default' });
