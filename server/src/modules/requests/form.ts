import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Invalid, PayloadTooLarge } from '../../http/errors';
import { receiveFile, type UploadRefusal } from '../../http/multipart';

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
 * collected and whose one `file` part is streamed to `dir` (at most maxFileBytes; see
 * http/multipart.ts receiveFile). Whoever calls it discards the upload when the request fails
 * afterwards.
 */
export async function readRequestForm(
  request: FastifyRequest,
  options: { dir: string; maxFileBytes: number },
): Promise<{ fields: Record<string, unknown>; upload: StoredUpload | null }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, upload: null };
  // Other refusals (too many fields or parts, a broken form) answer with multipart's own error, as before.
  const refuse = (reason: UploadRefusal) =>
    reason === 'too_large'
      ? new PayloadTooLarge('requests.file_too_large', { max: Math.round(options.maxFileBytes / 1_048_576) })
      : reason === 'too_many_files'
        ? Invalid.field('file', 'requests.too_many_files')
        : null;
  const { fields, file } = await receiveFile(request, { dir: options.dir, maxBytes: options.maxFileBytes, limits: { fields: 30, fieldSize: 20_000, parts: 32 }, refuse });
  if (!file) return { fields, upload: null };
  const discard = () => fs.rm(file.path, { force: true });
  // An empty file input still sends a part with no name and no bytes.
  if (!file.clientName && file.size === 0) {
    await discard();
    return { fields, upload: null };
  }
  return { fields, upload: { fileName: path.basename(file.clientName).slice(-200), declaredType: file.declaredType, path: file.path, size: file.size, discard } };
}
