import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { DocumentError } from './errors';
import type { FilterLimits } from './limits';
import { packageFormat, readContentTypes } from './ooxml';
import type { DocumentFormat } from './types';
import { openZip } from './zip';

/**
 * What a file is, by its content, never by its name: a zip package is read for its
 * [Content_Types].xml main part, an OLE compound file holding "EncryptionInfo" is a
 * password-protected Office file, "%PDF-" starts a PDF, and an XML file whose root is
 * <xliff> is XLIFF (its version decides 1.2 or 2.x later).
 */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (data: Uint8Array, magic: number[]) => magic.every((b, i) => data[i] === b);

export async function detectFormat(filePath: string, limits: FilterLimits): Promise<DocumentFormat> {
  const handle = await fs.open(filePath, 'r');
  const head = Buffer.alloc(4096);
  let length: number;
  try {
    ({ bytesRead: length } = await handle.read(head, 0, head.length, 0));
  } finally {
    await handle.close();
  }
  const data = head.subarray(0, length);
  if (length === 0) throw new DocumentError('empty_file', 'empty file');

  if (startsWith(data, ZIP) || startsWith(data, ZIP_EMPTY)) {
    const zip = await openZip(filePath, limits);
    try {
      if (!zip.get('[Content_Types].xml')) throw new DocumentError('unsupported_format', 'zip without [Content_Types].xml');
      const format = packageFormat(await readContentTypes(zip, limits));
      if (!format) throw new DocumentError('unsupported_format', 'unknown OOXML main part');
      return format;
    } finally {
      zip.close();
    }
  }
  if (startsWith(data, CFB)) {
    if (await containsUtf16(filePath, ['EncryptionInfo', 'EncryptedPackage'])) throw new DocumentError('encrypted', 'encrypted OOXML in an OLE container');
    throw new DocumentError('unsupported_format', 'legacy binary Office file');
  }
  if (data.subarray(0, 1024).includes(Buffer.from('%PDF-'))) return 'pdf';
  if (looksLikeXml(data) && (await xmlRootName(filePath)) === 'xliff') return 'xliff';
  throw new DocumentError('unsupported_format', 'unknown content');
}

function looksLikeXml(data: Buffer): boolean {
  let text = data.toString('utf8');
  if (data[0] === 0xff && data[1] === 0xfe) text = data.subarray(2).toString('utf16le');
  return /^\uFEFF?\s*</.test(text);
}

/** The local name of the root element, reading at most the first 64 KiB. */
async function xmlRootName(filePath: string): Promise<string | null> {
  const handle = await fs.open(filePath, 'r');
  const buffer = Buffer.alloc(64 * 1024);
  let length: number;
  try {
    ({ bytesRead: length } = await handle.read(buffer, 0, buffer.length, 0));
  } finally {
    await handle.close();
  }
  let text = buffer.subarray(0, length).toString('utf8');
  if (buffer[0] === 0xff && buffer[1] === 0xfe) text = buffer.subarray(2, length).toString('utf16le');
  text = text.replace(/^\uFEFF/, '');
  const parser = new SaxesParser({ xmlns: false, position: false });
  let root: string | null = null;
  const found = new Error('root found');
  parser.on('doctype', () => {
    throw new DocumentError('unsafe_xml', 'DOCTYPE declarations are refused');
  });
  parser.on('opentag', (tag) => {
    root = tag.name.replace(/^.*:/, '');
    throw found;
  });
  parser.on('error', (error) => {
    throw new DocumentError('unsupported_format', `not XML: ${error.message}`);
  });
  try {
    parser.write(text);
  } catch (error) {
    if (error !== found) throw error;
  }
  return root;
}

/** Looks for UTF-16LE names (OLE directory entries) in a file, streaming. */
async function containsUtf16(filePath: string, names: string[]): Promise<boolean> {
  const needles = names.map((n) => Buffer.from(n, 'utf16le'));
  const overlap = Math.max(...needles.map((n) => n.length));
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(filePath, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (needles.some((n) => window.includes(n))) return true;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return false;
}
