import type { FastifyRequest } from 'fastify';
import { Invalid, LimitExceeded } from '../../http/errors';
import { receiveFile, type UploadRefusal } from '../../http/multipart';
import { cleanFileName } from './documents.fns';
import type { UploadedFile } from './service';

/** What a refused upload answers: the plan's size message; no form, or one with more files or fields than a document takes. */
const refuse = (reason: UploadRefusal) =>
  reason === 'too_large'
    ? new LimitExceeded('doc_size', 'documents.size_limit')
    : Invalid.field('file', reason === 'not_multipart' ? 'documents.file_required' : 'documents.error_form');

/**
 * Reads a document upload (http/multipart.ts receiveFile): the `file` part streams to a
 * temporary file, cut off at `maxBytes` (the plan's limit: the spec's size message), and the
 * text fields are collected. HTTP plumbing only; the service decides everything else.
 */
export async function receiveUpload(request: FastifyRequest, options: { maxBytes: number; tempDir: string }): Promise<{ file: UploadedFile | null; fields: Record<string, string> }> {
  const { file, fields } = await receiveFile(request, { dir: options.tempDir, maxBytes: options.maxBytes, refuse });
  return { file: file && { path: file.path, fileName: cleanFileName(file.clientName), size: file.size }, fields };
}
