/**
 * The HTTP call every remote engine makes (LibreTranslate, DeepL, Google, the LLM endpoint),
 * with one mapping of failures to EngineError:
 *
 *   network error, 5xx, 408, timeout     -> retryable
 *   429 (and 503) with Retry-After       -> retryable, retryAfterMs set
 *   other 4xx (bad key, quota, request)  -> not retryable
 *   job aborted (client gone)            -> not retryable
 *   an answer we cannot read             -> not retryable
 */
import { EngineError } from '../types';

export interface RequestOptions {
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  /** JSON body. */
  body?: unknown;
  /** The job's signal (router timeout, client gone). */
  signal?: AbortSignal;
  /** This adapter's own upper bound for one call. */
  timeoutMs: number;
  /** Pulls the API's own error text out of an error body (JSON or text). */
  errorMessage?: (body: unknown) => string | undefined;
  /** Overrides the status-based retry decision for an API's own signals (e.g. Google's 403 rate limits). */
  isRetryable?: (status: number, body: unknown) => boolean | undefined;
}

/** Retry-After: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isTimeout(reason: unknown): boolean {
  return (reason as { name?: string } | undefined)?.name === 'TimeoutError';
}

export function abortedError(engineId: string, signal: AbortSignal): EngineError {
  return isTimeout(signal.reason)
    ? new EngineError(engineId, 'Timed out', true, { cause: signal.reason })
    : new EngineError(engineId, 'Aborted', false, { cause: signal.reason });
}

/** Sends one request and returns the parsed JSON answer, or throws EngineError. */
export async function requestJson(engineId: string, url: string, options: RequestOptions): Promise<unknown> {
  if (options.signal?.aborted) throw abortedError(engineId, options.signal);
  const own = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, own]) : own;

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: options.method ?? 'POST',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) {
      // Which one fired: the job's signal (router timeout or client gone) or our own timeout.
      if (options.signal?.aborted) throw abortedError(engineId, options.signal);
      throw new EngineError(engineId, `Timed out after ${options.timeoutMs} ms`, true, { cause: error });
    }
    const cause = (error as { cause?: { code?: string } }).cause;
    throw new EngineError(engineId, `Cannot reach ${new URL(url).origin}${cause?.code ? ` (${cause.code})` : ''}`, true, { cause: error });
  }

  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text
  }

  if (!response.ok) {
    const status = response.status;
    const apiMessage = options.errorMessage?.(body) ?? (typeof body === 'string' ? body.slice(0, 200) : undefined);
    const message = `${engineId} answered ${status}${apiMessage ? `: ${apiMessage}` : ''}`;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const retryable = options.isRetryable?.(status, body) ?? (status === 429 || status === 408 || status >= 500);
    throw new EngineError(engineId, message, retryable, { retryAfterMs: retryable ? retryAfterMs : undefined });
  }
  if (typeof body !== 'object' || body === null) {
    throw new EngineError(engineId, `${engineId} sent an answer that is not JSON`, false);
  }
  return body;
}
