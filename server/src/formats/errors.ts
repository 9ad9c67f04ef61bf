/**
 * Why a file cannot be read or written. Each code has a message under
 * `documents.error_<code>` in the documents catalog (English wording starts with the
 * spec's "There is an issue with the uploaded file" where the spec has no exact text).
 */
export type DocumentErrorCode =
  | 'unsupported_format'
  | 'broken_file'
  | 'empty_file'
  | 'encrypted'
  | 'too_large'
  | 'unsafe_xml'
  | 'too_complex'
  | 'scanned_pdf'
  | 'too_many_pages'
  | 'timeout'
  | 'no_text';

export class DocumentError extends Error {
  constructor(
    readonly code: DocumentErrorCode,
    /** Detail for the logs; never shown to users. */
    detail?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(detail ?? code);
    this.name = 'DocumentError';
  }
}

export const documentErrorKey = (code: DocumentErrorCode) => `documents.error_${code}`;

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof DocumentError || (typeof error === 'object' && error !== null && (error as { name?: string }).name === 'DocumentError');
}
