import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Invalid, PayloadTooLarge } from '../../http/errors';

/** An uploaded file written to disk, not yet checked. */
export interface StoredUpload {
  fileName: string;
  declaredType: string;
  path: string;
  size: number;
  discard(): Promise<void>;
}

/**
 * Reads the request form: a JSON body as it is, or a multipart body whose fields are
 * collected and whose one `file` part is streamed to `dir` (at most maxFileBytes).
 * Whoever calls it discards the upload when the request fails afterwards.
 */
export async function readRequestForm(
  request: FastifyRequest,
  options: { dir: string; maxFileBytes: number },
): Promise<{ fields: Record<string, unknown>; upload: StoredUpload | null }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, upload: null };
  const fields: Record<string, unknown> = {};
  let upload: StoredUpload | null = null;
  const tooLarge = () => new PayloadTooLarge('requests.file_too_large', { max: Math.round(options.maxFileBytes / 1_048_576) });
  try {
    const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: 1, fields: 30, fieldSize: 20_000, parts: 32 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume(); // not ours: drop it
        continue;
      }
      await fs.mkdir(options.dir, { recursive: true });
      const filePath = path.join(options.dir, randomUUID());
      const stored: StoredUpload = {
        fileName: path.basename(part.filename || '').slice(-200),
        declaredType: part.mimetype || '',
        path: filePath,
        size: 0,
        discard: () => fs.rm(filePath, { force: true }),
      };
      upload = stored;
      await pipeline(part.file, createWriteStream(filePath));
      if (part.file.truncated) throw tooLarge();
      stored.size = (await fs.stat(filePath)).size;
      // An empty file input still sends a part with no name and no bytes.
      if (!stored.fileName && stored.size === 0) {
        await stored.discard();
        upload = null;
      }
    }
  } catch (error) {
    await upload?.discard();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw Invalid.field('file', 'requests.too_many_files');
    throw error;
  }
  return { fields, upload };
}
