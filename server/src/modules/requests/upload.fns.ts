/**
 * Recognises an uploaded file by its content, not its name: the name's extension must be
 * one we accept, and the bytes must be of that kind (security baseline of the architecture).
 */
export const REQUEST_FILE_FORMATS = ['docx', 'xlsx', 'pptx', 'pdf', 'xliff', 'xlf', 'txt'] as const;
export type RequestFileFormat = (typeof REQUEST_FILE_FORMATS)[number];

export const FORMAT_MIME: Record<RequestFileFormat, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  xliff: 'application/xliff+xml',
  xlf: 'application/xliff+xml',
  txt: 'text/plain',
};

/** Declared content types a browser may send for each format (octet-stream: "unknown"). */
const DECLARED_TYPES: Record<RequestFileFormat, string[]> = {
  docx: [FORMAT_MIME.docx, 'application/zip'],
  xlsx: [FORMAT_MIME.xlsx, 'application/zip'],
  pptx: [FORMAT_MIME.pptx, 'application/zip'],
  pdf: [FORMAT_MIME.pdf, 'application/x-pdf'],
  xliff: ['application/xliff+xml', 'application/x-xliff+xml', 'application/xml', 'text/xml'],
  xlf: ['application/xliff+xml', 'application/x-xliff+xml', 'application/xml', 'text/xml'],
  txt: ['text/plain'],
};

/** The part of an OOXML package each format must contain. */
const OOXML_PART: Partial<Record<RequestFileFormat, string>> = { docx: 'word/', xlsx: 'xl/', pptx: 'ppt/' };

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  // A cut in the middle of a multi-byte character at the end of the sample is fine: decoded as a stream,
  // an unfinished last character waits for bytes that never come (cutting a fixed number of bytes off
  // instead could itself cut a character in two, and refused a short Arabic file for it).
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The accepted format of a file, or null. `head` is the file's first bytes (64 KiB is
 * plenty), `tail` its last ones (a zip's central directory lists every part's name).
 */
export function detectRequestFile(input: { fileName: string; declaredType: string; head: Buffer; tail: Buffer }): RequestFileFormat | null {
  const format = extensionOf(input.fileName) as RequestFileFormat;
  if (!(REQUEST_FILE_FORMATS as readonly string[]).includes(format)) return null;
  const declared = input.declaredType.split(';')[0]!.trim().toLowerCase();
  if (declared && declared !== 'application/octet-stream' && !DECLARED_TYPES[format].includes(declared)) return null;
  const { head, tail } = input;
  switch (format) {
    case 'pdf':
      return head.subarray(0, 1024).includes('%PDF-') ? format : null;
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      const isZip = head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      const part = OOXML_PART[format]!;
      const names = Buffer.concat([head, tail]);
      return isZip && names.includes('[Content_Types].xml') && names.includes(part) ? format : null;
    }
    case 'xliff':
    case 'xlf': {
      if (!isUtf8Text(head)) return null;
      const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
      return (text.startsWith('<?xml') || text.startsWith('<xliff')) && text.includes('<xliff') ? format : null;
    }
    case 'txt':
      return head.length > 0 && isUtf8Text(head) ? format : null;
    default:
      return null;
  }
}
