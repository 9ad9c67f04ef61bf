// Session recording with the open-source rrweb recorder, started once per page load and
// only after the visitor accepted the cookie banner. Inputs are masked; password and
// payment card fields are blocked entirely (never serialized). Events go to Lisan's own
// endpoint in batches; nothing is sent anywhere else.

import { api, CSRF_COOKIE_NAME, CSRF_HEADER_NAME, isApiError, readCookie } from '../../api/client';
import { BLOCKED_SELECTOR, privateEvent, splitIntoBatches } from './analytics.fns';

export const RECORDINGS_ENDPOINT = '/api/analytics/recordings';
const FLUSH_INTERVAL_MS = 5_000;
/** Under the server's defaults (2 MiB, 2000 events per batch). */
const BATCH_LIMITS = { maxEvents: 1000, maxBytes: 1_500_000 };
/** fetch keepalive bodies are limited to 64 KiB in total. */
const KEEPALIVE_MAX_BYTES = 60_000;
const MAX_ATTEMPTS = 3;

type RecordedEvent = { type: number; timestamp: number; data?: unknown };

interface PendingBatch {
  sequence: number;
  events: RecordedEvent[];
  attempts: number;
}

export interface RecorderContext {
  visitorId: string;
  locale: () => 'en' | 'ar';
}

let running: { stop: () => void } | null = null;
let starting = false;
let stopRequested = false;

export function isRecording() {
  return running !== null || starting;
}

/** Starts recording (once per page load; later calls do nothing). */
export async function startSessionRecording(context: RecorderContext): Promise<void> {
  if (running || starting) return;
  starting = true;
  stopRequested = false;
  try {
    const { record } = await import('rrweb');
    const recordingId = crypto.randomUUID();
    // The page where the recording started (the server keeps it as the recording's first page).
    const startPath = window.location.pathname;
    let queued: RecordedEvent[] = [];
    const pending: PendingBatch[] = [];
    let nextSequence = 0;
    let sending = false;

    const body = (batch: PendingBatch) => ({
      recording_id: recordingId,
      visitor_id: context.visitorId,
      sequence: batch.sequence,
      locale: context.locale(),
      path: startPath,
      events: batch.events,
    });

    const takeQueued = () => {
      for (const events of splitIntoBatches(queued, BATCH_LIMITS)) pending.push({ sequence: nextSequence++, events, attempts: 0 });
      queued = [];
    };

    // Sends the pending batches in order. A batch is retried (same sequence, so the server
    // stores it once) after network or server failures, and dropped when refused.
    const flush = async () => {
      takeQueued();
      if (sending) return;
      sending = true;
      try {
        while (pending.length) {
          const batch = pending[0]!;
          try {
            await api.post(RECORDINGS_ENDPOINT, body(batch));
            pending.shift();
          } catch (error) {
            batch.attempts += 1;
            const refused = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429 && error.status !== 419;
            if (refused || batch.attempts >= MAX_ATTEMPTS) pending.shift();
            break;
          }
        }
      } finally {
        sending = false;
      }
    };

    // The tab is going away: hand what is left to the browser with keepalive.
    const flushOnExit = () => {
      takeQueued();
      const token = readCookie(document.cookie, CSRF_COOKIE_NAME);
      while (pending.length) {
        const text = JSON.stringify(body(pending.shift()!));
        if (text.length > KEEPALIVE_MAX_BYTES) continue;
        void fetch(RECORDINGS_ENDPOINT, {
          method: 'POST',
          keepalive: true,
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { [CSRF_HEADER_NAME]: token } : {}) },
          body: text,
        }).catch(() => undefined);
      }
    };

    const stopRecording = record<RecordedEvent>({
      emit(event) {
        queued.push(privateEvent(event));
        if (queued.length >= BATCH_LIMITS.maxEvents) void flush();
      },
      maskAllInputs: true,
      maskInputOptions: { password: true },
      blockSelector: BLOCKED_SELECTOR,
      // Text the product shows back to a user (translations, their documents' names) opts out with data-private.
      maskTextSelector: '[data-private], [data-private] *',
      inlineStylesheet: true,
      collectFonts: false,
      recordCanvas: false,
      recordCrossOriginIframes: false,
      slimDOMOptions: 'all',
      sampling: { mousemove: 100, scroll: 150, media: 800, input: 'last' },
      checkoutEveryNms: 10 * 60_000,
    });

    const timer = window.setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushOnExit();
    };
    window.addEventListener('pagehide', flushOnExit);
    document.addEventListener('visibilitychange', onVisibility);
    // The first batch (the full snapshot) goes out at once, so short visits are kept too.
    window.setTimeout(() => void flush(), 1_000);

    running = {
      stop() {
        stopRecording?.();
        window.clearInterval(timer);
        window.removeEventListener('pagehide', flushOnExit);
        document.removeEventListener('visibilitychange', onVisibility);
        queued = [];
        pending.length = 0;
      },
    };
    if (stopRequested) stopSessionRecording();
  } finally {
    starting = false;
  }
}

/** Stops recording and drops what was not sent yet (consent withdrawn). */
export function stopSessionRecording() {
  if (starting) stopRequested = true;
  running?.stop();
  running = null;
}
