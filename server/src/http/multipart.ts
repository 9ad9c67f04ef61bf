import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, MalformedForm, PayloadTooLarge } from './errors';

export interface UploadedFile {
  fieldName: string;
  /** The name the client gave; never used for storage or type decisions. */
  fileName: string;
  content: Buffer;
}

export interface FormInput {
  /** Text fields (multipart) or the JSON body's entries. */
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** The largest text field of a multipart form (app.ts registers the parser with it). */
export const FORM_FIELD_MAX_BYTES = 64 * 1024;

/**
 * Reads a form posted either as JSON or as multipart/form-data (registered in app.ts).
 * Only the named file fields are kept, each up to its own size; a larger file answers 413
 * with the given message key. Other files are drained and ignored. A text field longer than
 * FORM_FIELD_MAX_BYTES answers 413 (the parser would cut it off). `repeated: 'list'`: a name
 * given more than once becomes a list (as form bodies read on the API surfaces); by default
 * the last value is kept.
 */
export async function readForm(
  request: FastifyRequest,
  options: { files: Record<string, { maxBytes: number; tooLargeMessage: string }>; repeated?: 'last' | 'list' },
): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const sizes = Object.values(options.files).map((file) => file.maxBytes);
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  try {
    // Without file fields of its own, files are drained under the app's limits (app.ts).
    for await (const part of request.parts(sizes.length ? { limits: { fileSize: Math.max(1, ...sizes) } } : undefined)) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new PayloadTooLarge('error.payload_too_large', { limit: `${FORM_FIELD_MAX_BYTES / 1024} KB` });
        if (typeof part.value !== 'string') continue;
        const previous = fields[part.fieldname];
        if (options.repeated === 'list' && previous !== undefined) fields[part.fieldname] = Array.isArray(previous) ? [...(previous as unknown[]), part.value] : [previous, part.value];
        else fields[part.fieldname] = part.value;
        continue;
      }
      const rule = options.files[part.fieldname];
      if (!rule) {
        part.file.resume(); // not ours: read it to the end and drop it
        continue;
      }
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLarge(rule.tooLargeMessage);
        throw error;
      }
      if (content.length > rule.maxBytes) throw new PayloadTooLarge(rule.tooLargeMessage);
      if (content.length > 0) files[part.fieldname] = { fieldName: part.fieldname, fileName: part.filename, content };
    }
  } catch (error) {
    throw malformed(error) ?? error;
  }
  return { fields, files };
}

/**
 * The multipart parser's own errors for a body it cannot read to its end (cut off before the
 * closing boundary, a part ended early, no boundary at all): a broken upload, answered 400 on
 * every surface, not a server error. Anything else (a full disk, a limit) is not one of these.
 */
function malformed(error: unknown): MalformedForm | null {
  if (error instanceof AppError || (error as { code?: string } | null)?.code) return null;
  const message = error instanceof Error ? error.message : '';
  return /unexpected end of multipart data|boundary (not found|required)/i.test(message) ? new MalformedForm() : null;
}

/** A form's `file` part as receiveFile stored it: on disk, not yet checked. */
export interface ReceivedFile {
  /** Where it was written (a new file in the caller's directory). */
  path: string;
  /** The name the client gave (may be empty); never used for storage or type decisions. */
  clientName: string;
  /** The type the client declared (may be empty or wrong). */
  declaredType: string;
  size: number;
}

/** Why receiveFile refused a form: each caller answers in its own words. */
export type UploadRefusal = 'not_multipart' | 'too_large' | 'too_many_files' | 'too_many_parts';

/** Multipart's own limit errors, by what they mean for the caller. */
const REFUSALS: Record<string, UploadRefusal> = {
  FST_REQ_FILE_TOO_LARGE: 'too_large',
  FST_FILES_LIMIT: 'too_many_files',
  FST_PARTS_LIMIT: 'too_many_parts',
  FST_FIELDS_LIMIT: 'too_many_parts',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'not_multipart',
};

/**
 * Reads a multipart form whose one `file` part streams to a new file in `dir` (never into
 * memory), cut off at `maxBytes`, and whose text fields are collected; other file parts are
 * drained and dropped. When reading fails the file is removed and `refuse` says what to
 * answer (null: multipart's own error, as it is); afterwards the caller removes it when its request fails. The one reader of uploads
 * that go to disk (documents, the developer API's documents, service requests); forms with
 * small files in memory use readForm.
 */
export async function receiveFile(
  request: FastifyRequest,
  options: { dir: string; maxBytes: number; limits?: { fields?: number; fieldSize?: number; parts?: number }; refuse(reason: UploadRefusal): Error | null },
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!request.isMultipart()) throw options.refuse('not_multipart') ?? new Error('not a multipart form');
  await fs.mkdir(options.dir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { ...options.limits, fileSize: options.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume(); // not ours: read it to the end and drop it
        continue;
      }
      const stored: ReceivedFile = { path: path.join(options.dir, `upload-${randomUUID()}`), clientName: part.filename ?? '', declaredType: part.mimetype || '', size: 0 };
      file = stored;
      await pipeline(part.file, createWriteStream(stored.path));
      if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      stored.size = (await fs.stat(stored.path)).size;
    }
  } catch (error) {
    if (file) await fs.rm(file.path, { force: true });
    const refusal = REFUSALS[(error as { code?: string }).code ?? ''];
    throw (refusal && options.refuse(refusal)) ?? malformed(error) ?? error;
  }
  return { fields, file };
}
