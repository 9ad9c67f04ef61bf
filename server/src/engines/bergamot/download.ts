/**
 * One model file from a Remote Settings attachment, safely: streamed to `<file>.part`, resumed
 * with an HTTP Range request when a previous transfer stopped, its size and sha256 checked
 * against the record, and gunzipped when the record says the attachment is compressed.
 * A file that fails the checks is deleted; a transfer that stopped early keeps its `.part`.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';

export class DownloadError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (the file is not what the record says). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface DownloadOptions {
  url: string;
  /** Where the checked (and unpacked) file goes. */
  file: string;
  size: number;
  sha256: string;
  gzip: boolean;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Bytes of this file received so far (resumed bytes included). */
  onProgress?: (bytes: number) => void;
  /** A transfer that receives nothing for this long is abandoned (and resumed later). Default 60 s. */
  idleMs?: number;
}

export function isGzipAttachment(attachment: { filename?: string; mimetype?: string }): boolean {
  return /gzip/i.test(attachment.mimetype ?? '') || /\.gz$/i.test(attachment.filename ?? '');
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { cause?: { code?: string; message?: string } };
  if (e.code === 'ENOSPC') return 'the disk is full';
  return e.cause?.code ?? e.cause?.message ?? e.code ?? e.message ?? String(error);
}

/** Fetches the missing bytes of `part` (all of them, or from `have` on); returns the bytes it now holds. */
async function transfer(options: DownloadOptions, part: string, have: number): Promise<number> {
  const doFetch = options.fetch ?? fetch;
  const idleMs = options.idleMs ?? 60_000;
  const stalled = new AbortController();
  const stall = () => setTimeout(() => stalled.abort(new Error(`no data for ${idleMs / 1000} s`)), idleMs);
  let idle = stall();
  const signal = options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal;
  const why = (error: unknown) => reason(signal.aborted ? signal.reason : error);
  try {
    let response: Response;
    try {
      response = await doFetch(options.url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, signal });
    } catch (error) {
      throw new DownloadError(`cannot reach ${options.url} (${why(error)})`, true);
    }
    if (response.status === 206 && have > 0) {
      const range = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
      if (!range || Number(range[1]) !== have) {
        await response.body?.cancel();
        await rm(part, { force: true });
        throw new DownloadError(`${options.url}: the server resumed at the wrong place; starting again`, true);
      }
    } else if (response.status === 200) {
      have = 0; // no Range support: the whole file again
    } else {
      await response.body?.cancel().catch(() => {});
      throw new DownloadError(`${options.url} answered HTTP ${response.status}`, response.status >= 500 || response.status === 429 || response.status === 408);
    }
    if (!response.body) throw new DownloadError(`${options.url}: empty answer`, true);
    let received = have;
    // Each chunk is on disk before the next is read, so an interrupted transfer keeps every
    // byte it counted (a stream pipeline would drop the writes still buffered when it fails).
    const out = await open(part, have > 0 ? 'a' : 'w');
    try {
      for await (const chunk of Readable.fromWeb(response.body as WebReadableStream) as AsyncIterable<Buffer>) {
        clearTimeout(idle);
        idle = stall();
        if (received + chunk.length > options.size) throw new DownloadError(`${options.url}: more bytes than the record's ${options.size}`, false);
        await out.write(chunk);
        received += chunk.length;
        options.onProgress?.(received);
      }
    } catch (error) {
      await out.close();
      if (error instanceof DownloadError) {
        await rm(part, { force: true });
        throw error;
      }
      // Interrupted: keep what arrived, the next attempt resumes from there.
      throw new DownloadError(`transfer of ${options.url} stopped at ${received} of ${options.size} bytes (${why(error)})`, true);
    }
    await out.close();
    return received;
  } finally {
    clearTimeout(idle);
  }
}

export async function downloadFile(options: DownloadOptions): Promise<void> {
  const part = `${options.file}.part`;
  let have = await sizeOf(part);
  if (have > options.size) {
    await rm(part, { force: true });
    have = 0;
  }
  if (have < options.size) have = await transfer(options, part, have);
  if (have !== options.size) {
    throw new DownloadError(`transfer of ${options.url} stopped at ${have} of ${options.size} bytes`, true);
  }
  const digest = await sha256Of(part);
  if (digest !== options.sha256.toLowerCase()) {
    await rm(part, { force: true });
    throw new DownloadError(`${options.url}: sha256 ${digest} does not match the record's ${options.sha256} (file discarded)`, false);
  }
  try {
    if (options.gzip) {
      await pipeline(createReadStream(part), createGunzip(), createWriteStream(options.file));
      await rm(part, { force: true });
    } else {
      await rename(part, options.file);
    }
  } catch (error) {
    await rm(options.file, { force: true });
    if (options.gzip) await rm(part, { force: true });
    throw new DownloadError(`${options.url}: cannot unpack or store it (${reason(error)})`, (error as NodeJS.ErrnoException).code === 'ENOSPC');
  }
}
