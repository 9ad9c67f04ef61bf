import type { Lang } from '../engines/types';
import { DocumentError } from './errors';
import type { FilterLimits } from './limits';
import { contentTypesWithCustomProperties, CUSTOM_PROPERTIES_PART, customPropertiesWithNotice, packageRelsWithCustomProperties } from './notice';
import { SegmentCursor, SegmentLimitError, type DocumentAnalysis, type FilterOptions, type MergeInput, type PartRange } from './types';
import { child, children, type XmlElement } from './xml/dom';
import { parseXmlDocument, transformXmlChunks, type XmlTransformHandlers } from './xml/stream';
import { createZipWriter, openZip, type ZipArchive, type ZipEntryInfo } from './zip';

/**
 * The part of every OOXML filter that is the same for DOCX, XLSX and PPTX: open the
 * package, read [Content_Types].xml, walk the parts the filter cares about (each through
 * the streaming XML transformer) and copy every other entry through unchanged.
 */
export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  wStrict: 'http://purl.oclc.org/ooxml/wordprocessingml/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  aStrict: 'http://purl.oclc.org/ooxml/drawingml/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  pStrict: 'http://purl.oclc.org/ooxml/presentationml/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  c: 'http://schemas.openxmlformats.org/drawingml/2006/chart',
};

/** The prefixes the filters are written against; parts using others are read through a rename. */
export const CANONICAL_PREFIXES: Record<string, string> = {
  [NS.w]: 'w',
  [NS.wStrict]: 'w',
  [NS.a]: 'a',
  [NS.aStrict]: 'a',
  [NS.p]: 'p',
  [NS.pStrict]: 'p',
  [NS.mc]: 'mc',
  [NS.c]: 'c',
};

export interface PartContext {
  mode: 'analyze' | 'merge';
  source: Lang;
  target: Lang;
  cursor: SegmentCursor;
  /** Shared by the parts of one package (an XLSX's sheet-name map, for example). */
  state: Map<string, unknown>;
  part: string;
}

export interface OoxmlFilter {
  /** What a part is to this filter; null parts are copied unchanged. */
  role(partName: string, contentType: string): string | null;
  /** Roles whose parts hold segments (the others only change direction). */
  hasText(role: string): boolean;
  handlers(role: string, context: PartContext): XmlTransformHandlers;
  /** Runs before a merge writes any part, with every translation known. */
  prepareMerge?(input: {
    translations: readonly (string | undefined)[];
    parts: readonly PartRange[];
    roles: Map<string, string>;
    state: Map<string, unknown>;
    options: FilterOptions;
    zip: ZipArchive;
  }): Promise<void>;
  pages?(zip: ZipArchive, limits: FilterLimits): Promise<number | undefined>;
}

export interface ContentTypes {
  defaults: Map<string, string>;
  overrides: Map<string, string>;
}

export async function readContentTypes(zip: ZipArchive, limits: FilterLimits): Promise<ContentTypes> {
  const entry = zip.get('[Content_Types].xml');
  if (!entry) throw new DocumentError('unsupported_format', 'no [Content_Types].xml');
  const root = await parseXmlDocument(zip.stream(entry, 4 * 1024 * 1024), { maxDepth: 16, maxCapturedChars: 8 * 1024 * 1024, maxBytes: 4 * 1024 * 1024 });
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const node of children(root)) {
    const local = node.name.replace(/^.*:/, '');
    if (local === 'Default' && node.attrs.Extension) defaults.set(node.attrs.Extension.toLowerCase(), node.attrs.ContentType ?? '');
    if (local === 'Override' && node.attrs.PartName) overrides.set(node.attrs.PartName.toLowerCase(), node.attrs.ContentType ?? '');
  }
  void limits;
  return { defaults, overrides };
}

export function contentTypeOf(types: ContentTypes, entryName: string): string {
  const override = types.overrides.get(`/${entryName}`.toLowerCase());
  if (override) return override;
  const dot = entryName.lastIndexOf('.');
  return dot >= 0 ? (types.defaults.get(entryName.slice(dot + 1).toLowerCase()) ?? '') : '';
}

function partOrder(zip: ZipArchive, types: ContentTypes, filter: OoxmlFilter) {
  const roles = new Map<string, string>();
  const textParts: ZipEntryInfo[] = [];
  for (const entry of zip.entries) {
    const role = filter.role(entry.name, contentTypeOf(types, entry.name));
    if (!role) continue;
    roles.set(entry.name, role);
    if (filter.hasText(role)) textParts.push(entry);
  }
  return { roles, textParts };
}

function xmlOptions(limits: FilterLimits) {
  return { maxDepth: limits.maxXmlDepth, maxCapturedChars: limits.maxCapturedChars, maxBytes: limits.maxXmlPartBytes, canonicalPrefixes: CANONICAL_PREFIXES };
}

export function xmlPartOptions(limits: FilterLimits) {
  return { ...xmlOptions(limits), serialize: false };
}

export async function drain(source: AsyncIterable<unknown>) {
  for await (const _chunk of source) void _chunk;
}

export async function analyzePackage(path: string, format: 'docx' | 'xlsx' | 'pptx', filter: OoxmlFilter, options: FilterOptions): Promise<DocumentAnalysis> {
  const zip = await openZip(path, options.limits);
  try {
    const types = await readContentTypes(zip, options.limits);
    const { roles, textParts } = partOrder(zip, types, filter);
    const cursor = new SegmentCursor('analyze', [], 0, { maxSegments: options.limits.maxSegments });
    const state = new Map<string, unknown>();
    const parts: PartRange[] = [];
    for (const entry of textParts) {
      const start = cursor.position;
      const context: PartContext = { mode: 'analyze', source: options.source, target: options.target, cursor, state, part: entry.name };
      const handlers = filter.handlers(roles.get(entry.name)!, context);
      await drain(transformXmlChunks(zip.stream(entry, options.limits.maxXmlPartBytes), handlers, { ...xmlOptions(options.limits), serialize: false }));
      if (cursor.position > start) parts.push({ part: entry.name, start, count: cursor.position - start });
    }
    return {
      format,
      segments: cursor.segments,
      parts,
      words: cursor.words,
      characters: cursor.characters,
      pages: await filter.pages?.(zip, options.limits),
      detectedLanguage: cursor.detectedLanguage(),
    };
  } catch (error) {
    if (error instanceof SegmentLimitError) throw new DocumentError('too_complex', 'too many segments');
    throw error;
  } finally {
    zip.close();
  }
}

export async function mergePackage(path: string, outPath: string, filter: OoxmlFilter, input: MergeInput, options: FilterOptions): Promise<void> {
  const parts = input.parts ?? (await analyzePackage(path, 'docx', filter, options)).parts;
  const zip = await openZip(path, options.limits);
  try {
    const types = await readContentTypes(zip, options.limits);
    const { roles } = partOrder(zip, types, filter);
    const state = new Map<string, unknown>();
    await filter.prepareMerge?.({ translations: input.translations, parts, roles, state, options, zip });
    const ranges = new Map(parts.map((range) => [range.part, range]));
    const writer = createZipWriter(outPath);
    // The notice goes into the custom document properties (added when the file has none).
    const noticeParts = input.notice ? await noticeRewrites(zip, input.notice) : new Map<string, Buffer>();
    for (const entry of zip.entries) {
      const rewritten = noticeParts.get(entry.name);
      if (rewritten) {
        writer.addBuffer(entry.name, rewritten);
        noticeParts.delete(entry.name);
        continue;
      }
      const role = roles.get(entry.name);
      if (!role) {
        writer.add(entry.name, () => zip.stream(entry));
        continue;
      }
      writer.add(entry.name, () => {
        const range = ranges.get(entry.name);
        const cursor = new SegmentCursor('merge', input.translations, range?.start ?? 0, { onRepair: options.onRepair });
        const context: PartContext = { mode: 'merge', source: options.source, target: options.target, cursor, state, part: entry.name };
        const handlers = filter.handlers(role, context);
        const chunks = transformXmlChunks(zip.stream(entry, options.limits.maxXmlPartBytes), handlers, { ...xmlOptions(options.limits), serialize: true });
        return (async function* () {
          yield* chunks;
          const expected = (range?.start ?? 0) + (range?.count ?? 0);
          if (cursor.position !== expected) throw new Error(`segment mismatch in ${entry.name}: ${cursor.position} != ${expected}`);
        })();
      });
    }
    for (const [name, data] of noticeParts) writer.addBuffer(name, data);
    await writer.finish();
  } finally {
    zip.close();
  }
}

/** The package parts to write (replace or add) so the notice is a custom document property. */
async function noticeRewrites(zip: ZipArchive, notice: string): Promise<Map<string, Buffer>> {
  const read = async (name: string) => {
    const entry = zip.get(name);
    return entry ? (await zip.readBuffer(entry, 4 * 1024 * 1024)).toString('utf8') : null;
  };
  const types = await read('[Content_Types].xml');
  const rels = await read('_rels/.rels');
  if (types === null || rels === null) return new Map();
  return new Map([
    ['[Content_Types].xml', Buffer.from(contentTypesWithCustomProperties(types))],
    ['_rels/.rels', Buffer.from(packageRelsWithCustomProperties(rels))],
    [CUSTOM_PROPERTIES_PART, Buffer.from(customPropertiesWithNotice(await read(CUSTOM_PROPERTIES_PART), notice))],
  ]);
}

/**
 * The main part's content types we translate. Macro-enabled and template packages are
 * refused: written back under a .docx/.xlsx/.pptx name, Office would not open them.
 */
const MAIN_TYPES: Record<string, 'docx' | 'xlsx' | 'pptx'> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': 'pptx',
};

export function packageFormat(types: ContentTypes): 'docx' | 'xlsx' | 'pptx' | null {
  for (const type of types.overrides.values()) {
    const format = MAIN_TYPES[type.trim().toLowerCase()];
    if (format) return format;
  }
  return null;
}

export { child };
export type { XmlElement };
