import type { FastifyRequest } from 'fastify';
import { PayloadTooLarge } from './errors';

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

/**
 * Reads a form posted either as JSON or as multipart/form-data (registered in app.ts).
 * Only the named file fields are kept, each up to its own size; a larger file answers 413
 * with the given message key. Other files are drained and ignored.
 */
export async function readForm(
  request: FastifyRequest,
  options: { files: Record<string, { maxBytes: number; tooLargeMessage: string }> },
): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}, files: {} };
  }
  const maxBytes = Math.max(1, ...Object.values(options.files).map((file) => file.maxBytes));
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
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
  return { fields, files };
}
