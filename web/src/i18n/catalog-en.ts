// The English catalogs, one chunk (catalog-en-<hash>.js): loaded only when the interface speaks English.
export default import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
