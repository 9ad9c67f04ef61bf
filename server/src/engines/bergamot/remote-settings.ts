/**
 * Mozilla's Remote Settings collection of translation models (`main/translations-models`), the
 * source Firefox Translations downloads its models from; a mirror speaking the same format works too.
 *
 *   GET {base}/                                                       root document; its
 *       capabilities.attachments.base_url is where attachments live
 *   GET {base}/buckets/main/collections/translations-models/records  {"data": [record, ...]}
 *   GET {attachments base_url}{record.attachment.location}            one file
 *
 * A record names its direction (`fromLang`/`toLang`; newer records `sourceLanguage`/
 * `targetLanguage`), a `fileType` (model, lex, vocab, or srcvocab + trgvocab; also
 * `qualityModel`, which we do not use), a `version` and, on newer records, a `variant`
 * ("base", "base-memory", "tiny"; also `architecture`), and an `attachment` with the file's
 * sha256 `hash`, `size`, `filename`, `location` and `mimetype`.
 *
 * Which records we take (our reading of Firefox's TranslationsParent, see docs/decisions.md):
 * per file name, direction and variant the highest version whose major version the engine
 * can load; then only the records whose version equals the `model` record's version (a model
 * and its vocabulary are released together). Among complete sets, the best one first.
 */
import type { Lang } from '../types';

export const MODELS_COLLECTION = 'buckets/main/collections/translations-models/records';

/**
 * Model major versions the bundled engine generation loads. Firefox's own range is 1..2:
 * 1.x are the first ("tiny") models, 2.x the larger "base" models and the CJK models, whose
 * word segmentation needs the newer WASM. @browsermt/bergamot-translator 0.4.9 reads the same
 * Marian binary (int8shiftAlphaAll) files; Arabic and English need no segmentation, and every
 * set is loaded and tried on a sentence before it is installed, falling back to the next set.
 */
export const MODEL_MAJOR_VERSIONS = { min: 1, max: 2 } as const;

export interface Attachment {
  hash: string;
  size: number;
  filename: string;
  location: string;
  mimetype?: string;
}

export interface ModelRecord {
  id: string;
  name: string;
  source: string;
  target: string;
  fileType: string;
  version: string;
  variant?: string;
  attachment: Attachment;
}

export interface ModelSet {
  source: Lang;
  target: Lang;
  version: string;
  variant: string | null;
  /** The records to download: model, vocabulary (one shared or two), shortlist when there is one. */
  files: ModelRecord[];
  bytes: number;
}

export class RemoteSettingsError extends Error {}

/**
 * Mozilla's version order, as far as model versions need it: dot-separated parts compared as
 * numbers, a part's letters after its number ("0a", "3beta") sorting before the plain number.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [na, sa] = splitPart(pa[i] ?? '0');
    const [nb, sb] = splitPart(pb[i] ?? '0');
    if (na !== nb) return na - nb;
    if (sa !== sb) {
      if (!sa) return 1;
      if (!sb) return -1;
      return sa < sb ? -1 : 1;
    }
  }
  return 0;
}

function splitPart(part: string): [number, string] {
  const match = /^(\d*)(.*)$/.exec(part)!;
  return [match[1] ? Number(match[1]) : 0, match[2] ?? ''];
}

export function majorVersion(version: string): number {
  return splitPart(version.split('.')[0] ?? '0')[0];
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A record from the collection in our shape, or null when it is not a usable model file record. */
export function parseRecord(raw: unknown): ModelRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const attachment = r.attachment as Record<string, unknown> | undefined;
  const source = str(r.sourceLanguage) ?? str(r.fromLang);
  const target = str(r.targetLanguage) ?? str(r.toLang);
  const size = Number(attachment?.size);
  const hash = str(attachment?.hash);
  const location = str(attachment?.location);
  if (!source || !target || !str(r.fileType) || !str(r.version) || !attachment || !hash || !location || !Number.isSafeInteger(size) || size < 0) return null;
  if (!/^[0-9a-f]{64}$/i.test(hash)) return null;
  return {
    id: str(r.id) ?? location,
    name: str(r.name) ?? str(attachment.filename) ?? location,
    source,
    target,
    fileType: str(r.fileType)!,
    version: str(r.version)!,
    variant: str(r.variant) ?? str(r.architecture),
    attachment: { hash: hash.toLowerCase(), size, filename: str(attachment.filename) ?? str(r.name) ?? location.split('/').pop()!, location, mimetype: str(attachment.mimetype) },
  };
}

/** Ranks variants: the larger "base" models first, the small "tiny" ones last. */
function variantRank(variant: string | null): number {
  if (variant === 'base') return 3;
  if (variant === 'base-memory') return 2;
  if (variant === null) return 1;
  if (variant === 'tiny') return 0;
  return -1;
}

/** The complete model sets for one direction that the engine can load, best first. */
export function selectModelSets(records: ModelRecord[], source: Lang, target: Lang, range: { min: number; max: number } = MODEL_MAJOR_VERSIONS): ModelSet[] {
  const inRange = records.filter(
    (r) => r.source === source && r.target === target && majorVersion(r.version) >= range.min && majorVersion(r.version) <= range.max && r.fileType !== 'qualityModel',
  );
  // Highest version per (file name, variant), as Firefox keys its records.
  const best = new Map<string, ModelRecord>();
  for (const record of inRange) {
    const key = `${record.name}\u0000${record.variant ?? ''}`;
    const existing = best.get(key);
    if (!existing || compareVersions(existing.version, record.version) < 0) best.set(key, record);
  }
  const byVariant = new Map<string, ModelRecord[]>();
  for (const record of best.values()) {
    const key = record.variant ?? '';
    byVariant.set(key, [...(byVariant.get(key) ?? []), record]);
  }
  const sets: ModelSet[] = [];
  for (const [variantKey, group] of byVariant) {
    const models = group.filter((r) => r.fileType === 'model').sort((a, b) => compareVersions(b.version, a.version));
    const model = models[0];
    if (!model) continue;
    // Only the files released with this model.
    const same = group.filter((r) => r.version === model.version);
    const one = (type: string) => same.find((r) => r.fileType === type);
    const vocab = one('vocab');
    const vocabs = vocab ? [vocab] : [one('srcvocab'), one('trgvocab')].every(Boolean) ? [one('srcvocab')!, one('trgvocab')!] : null;
    if (!vocabs) continue;
    const lex = one('lex');
    const files = [model, ...vocabs, ...(lex ? [lex] : [])];
    sets.push({ source, target, version: model.version, variant: variantKey || null, files, bytes: files.reduce((sum, f) => sum + f.attachment.size, 0) });
  }
  return sets.sort(
    (a, b) => majorVersion(b.version) - majorVersion(a.version) || variantRank(b.variant) - variantRank(a.variant) || compareVersions(b.version, a.version),
  );
}

export interface RemoteIndex {
  /** Attachments' base URL, ending in a slash. */
  attachmentsBase: string;
  records: ModelRecord[];
}

/** Reads the root document and the collection's records. Throws RemoteSettingsError with the reason. */
export async function fetchRemoteIndex(base: string, options: { fetch?: typeof fetch; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<RemoteIndex> {
  const doFetch = options.fetch ?? fetch;
  const getJson = async (url: string) => {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
      response = await doFetch(url, { headers: { accept: 'application/json' }, signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new RemoteSettingsError(`cannot reach ${url} (${cause?.code ?? cause?.message ?? (error as Error).message})`);
    }
    if (!response.ok) throw new RemoteSettingsError(`${url} answered HTTP ${response.status}`);
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new RemoteSettingsError(`${url} did not answer JSON`);
    }
  };
  const root = (await getJson(`${base}/`)) as { capabilities?: { attachments?: { base_url?: unknown } } } | null;
  const attachmentsBase = str(root?.capabilities?.attachments?.base_url);
  if (!attachmentsBase) throw new RemoteSettingsError(`${base}/ has no capabilities.attachments.base_url (not a Remote Settings server with attachments?)`);
  const list = (await getJson(`${base}/${MODELS_COLLECTION}`)) as { data?: unknown } | null;
  if (!list || !Array.isArray(list.data)) throw new RemoteSettingsError(`${base}/${MODELS_COLLECTION} has no "data" list`);
  const records = list.data.map(parseRecord).filter((r): r is ModelRecord => r !== null);
  return { attachmentsBase: attachmentsBase.endsWith('/') ? attachmentsBase : `${attachmentsBase}/`, records };
}

export function attachmentUrl(index: RemoteIndex, record: ModelRecord): string {
  return new URL(record.attachment.location.replace(/^\/+/, ''), index.attachmentsBase).toString();
}
