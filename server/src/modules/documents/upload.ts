import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Invalid, LimitExceeded } from '../../http/errors';
import { cleanFileName } from './documents.fns';
import type { UploadedFile } from './service';

/**
 * Reads a multipart upload: the `file` part streams to a temporary file (never into
 * memory), cut off at `maxBytes` (the plan's limit: the spec's size message), and the text
 * fields are collected. HTTP plumbing only; the service decides everything else.
 */
export async function receiveUpload(request: FastifyRequest, options: { maxBytes: number; tempDir: string }): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw Invalid.field('file', 'documents.file_required');
  await fsp.mkdir(options.tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const target = path.join(options.tempDir, `upload-${randomUUID()}`);
      file = { path: target, fileName: cleanFileName(part.filename), size: 0 };
      await pipeline(part.file, fs.createWriteStream(target));
      if (part.file.truncated) throw new LimitExceeded('doc_size', 'documents.size_limit');
      file.size = (await fsp.stat(target)).size;
    }
  } catch (error) {
    if (file) await fsp.rm(file.path, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new LimitExceeded('doc_size', 'documents.size_limit');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw Invalid.field('file', 'documents.error_broken_file');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw Invalid.field('file', 'documents.file_required');
    throw error;
  }
  return { file, fields };
}
