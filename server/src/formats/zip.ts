import fs from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { DocumentError } from './errors';
import type { FilterLimits } from './limits';

/**
 * Zip packages (OOXML) read with yauzl and written with yazl.
 *
 * yauzl reads the central directory first (random access on the stored file), so every
 * entry's declared sizes are checked against the caps before one byte is inflated, and
 * while inflating the actual bytes are counted again (a lying header cannot get past the
 * caps). yazl writes entries one after the other from streams pulled on demand, so a
 * package is never held in memory whole.
 *
 * Folder entries (a name ending in `/`, as `zip -r` and some clients write: `_rels/`,
 * `word/`) are not parts of a package: the reader leaves them out of `entries`, so nothing
 * copies them to a writer (whose `add` takes files only).
 */
export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  entry: yauzl.Entry;
}

export interface ZipArchive {
  entries: ZipEntryInfo[];
  get(name: string): ZipEntryInfo | undefined;
  /** Inflated bytes of an entry, counted against the caps as they come. */
  stream(entry: ZipEntryInfo, maxBytes?: number): AsyncIterable<Buffer>;
  readBuffer(entry: ZipEntryInfo, maxBytes: number): Promise<Buffer>;
  close(): void;
}

const MIB = 1024 * 1024;

function mapZipError(error: unknown): DocumentError {
  if (error instanceof DocumentError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/encrypt/i.test(message)) return new DocumentError('encrypted', message);
  return new DocumentError('broken_file', `zip: ${message}`);
}

export async function openZip(path: string, limits: FilterLimits): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true });
  } catch (error) {
    throw mapZipError(error);
  }
  const entries: ZipEntryInfo[] = [];
  const byName = new Map<string, ZipEntryInfo>();
  let declaredTotal = 0;
  try {
    if (zip.entryCount > limits.maxEntries) throw new DocumentError('too_large', `${zip.entryCount} zip entries`);
    for await (const entry of zip.eachEntry()) {
      if (entry.isEncrypted()) throw new DocumentError('encrypted', `encrypted entry ${entry.fileName}`);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new DocumentError('broken_file', `compression method ${entry.compressionMethod}`);
      const size = entry.uncompressedSize;
      if (size > limits.maxEntryBytes) throw new DocumentError('too_large', `entry ${entry.fileName} declares ${size} bytes`);
      if (size > 10 * MIB && size / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
        throw new DocumentError('too_large', `entry ${entry.fileName} compression ratio ${Math.round(size / Math.max(1, entry.compressedSize))}`);
      }
      declaredTotal += size;
      if (declaredTotal > limits.maxTotalUncompressedBytes) throw new DocumentError('too_large', `package declares ${declaredTotal} bytes`);
      // A folder entry: counted against the caps like any entry, then left out.
      if (entry.fileName.endsWith('/')) continue;
      const key = entry.fileName.toLowerCase();
      if (byName.has(key)) throw new DocumentError('broken_file', `duplicate entry ${entry.fileName}`);
      const info: ZipEntryInfo = { name: entry.fileName, compressedSize: entry.compressedSize, uncompressedSize: size, entry };
      entries.push(info);
      byName.set(key, info);
    }
  } catch (error) {
    zip.close();
    throw mapZipError(error);
  }

  let inflatedTotal = 0;
  async function* stream(info: ZipEntryInfo, maxBytes = limits.maxEntryBytes): AsyncIterable<Buffer> {
    let readable: Readable;
    try {
      readable = await zip.openReadStreamPromise(info.entry);
    } catch (error) {
      throw mapZipError(error);
    }
    let count = 0;
    const cap = Math.min(maxBytes, info.uncompressedSize);
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        count += chunk.length;
        inflatedTotal += chunk.length;
        if (count > cap || count > maxBytes) throw new DocumentError('too_large', `entry ${info.name} inflates past ${cap} bytes`);
        if (inflatedTotal > limits.maxTotalUncompressedBytes) throw new DocumentError('too_large', 'package inflates past the total cap');
        yield chunk;
      }
    } catch (error) {
      readable.destroy();
      throw mapZipError(error);
    }
  }

  return {
    entries,
    get: (name) => byName.get(name.replace(/^\//, '').toLowerCase()),
    stream,
    async readBuffer(info, maxBytes) {
      if (info.uncompressedSize > maxBytes) throw new DocumentError('too_large', `entry ${info.name} larger than ${maxBytes}`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream(info, maxBytes)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    close: () => zip.close(),
  };
}

/** File types whose data is already compressed: stored, not deflated again. */
const STORED_EXTENSIONS = /\.(png|jpe?g|gif|tiff?|webp|mp[34]|m4a|wav|avi|mov|wmv|zip|docx|xlsx|pptx|odt|bin|jar)$/i;

export interface ZipWriter {
  /** Adds an entry whose content is pulled from `produce()` when the writer reaches it. */
  add(name: string, produce: () => AsyncIterable<Buffer | string> | Readable, options?: { mtime?: Date }): void;
  addBuffer(name: string, data: Buffer, options?: { mtime?: Date }): void;
  /** Writes the central directory and waits until the file is complete. */
  finish(): Promise<void>;
}

export function createZipWriter(outPath: string): ZipWriter {
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(outPath);
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    out.destroy();
  };
  const done = finished(out).catch((error) => {
    failure ??= error;
  });
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  // A fixed date keeps output reproducible; Office ignores it.
  const defaultTime = new Date(Date.UTC(2020, 0, 1));
  // yazl refuses a name it cannot write (empty, absolute, `..`, ending in `/`) by throwing. The
  // names come from the package read, so that is the file's fault: a broken file, failed at
  // once (not an unknown error a job would retry for minutes); the output file is closed.
  const addEntry = (name: string, write: () => void) => {
    try {
      write();
    } catch (error) {
      const refused = new DocumentError('broken_file', `zip write ${JSON.stringify(name)}: ${error instanceof Error ? error.message : String(error)}`);
      fail(refused);
      throw refused;
    }
  };

  return {
    add(name, produce, options = {}) {
      addEntry(name, () =>
        zip.addReadStreamLazy(name, { compress: !STORED_EXTENSIONS.test(name), mtime: options.mtime ?? defaultTime }, (callback) => {
          try {
            const source = produce();
            const readable =
              source instanceof Readable
                ? source
                : Readable.from(
                    (async function* () {
                      for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
                    })(),
                    { objectMode: false },
                  );
            readable.on('error', fail);
            callback(null, readable);
          } catch (error) {
            fail(error);
            callback(error, Readable.from([]));
          }
        }),
      );
    },
    addBuffer(name, data, options = {}) {
      addEntry(name, () => zip.addBuffer(data, name, { compress: !STORED_EXTENSIONS.test(name), mtime: options.mtime ?? defaultTime }));
    },
    async finish() {
      zip.end();
      await done;
      if (failure) throw failure;
    },
  };
}
