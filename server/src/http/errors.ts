/**
 * Typed domain errors. Services throw these; http/error-handler.ts maps them to the
 * contract's envelope. `message` is a message key (server/src/i18n/messages.ts) or a
 * literal text; params fill the key's placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 422: field -> message keys (or literal messages). */
export class Invalid extends AppError {
  constructor(
    // A Date param is written as the reader's language writes a day (t() in server/src/i18n/messages.ts).
    readonly fields: Record<string, Array<string | { key: string; params?: Record<string, string | number | Date> }>>,
    message = 'error.given_data_invalid',
  ) {
    super(422, message);
  }

  static field(field: string, key: string, params?: Record<string, string | number | Date>) {
    return new Invalid({ [field]: [{ key, params }] });
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'error.unauthenticated') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'error.forbidden') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'error.not_found') {
    super(404, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = 'error.payload_too_large', params: Record<string, string | number> = {}) {
    super(413, message, params);
  }
}

/** 400: a multipart body the parser cannot read to its end (cut off, no boundary): an upload that broke on the way. */
export class MalformedForm extends AppError {
  constructor() {
    super(400, 'error.malformed_form');
  }
}

/** 409: another request changed the same thing at the same moment (the database refused this one), or the thing is past what was asked (a finished document canceled). */
export class Conflict extends AppError {
  constructor(message = 'error.conflict') {
    super(409, message);
  }
}

export class CsrfMismatch extends AppError {
  constructor() {
    super(419, 'error.csrf_mismatch');
  }
}

/**
 * 429 with the wait in the unit a person reads: seconds up to a minute, then whole minutes
 * under an hour, then whole hours, rounded up ("try again in 1 hour", not "in 3,600 seconds").
 * The Retry-After header keeps the exact seconds.
 */
export function retryWait(seconds: number): { message: string; count: number } {
  if (seconds <= 60) return { message: 'error.too_many_requests', count: seconds };
  if (seconds < 3600) return { message: 'error.too_many_requests_minutes', count: Math.ceil(seconds / 60) };
  return { message: 'error.too_many_requests_hours', count: Math.ceil(seconds / 3600) };
}

export class TooManyRequests extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const wait = retryWait(retryAfterSeconds);
    super(429, wait.message, { count: wait.count });
  }
}

/** 402 usage limit: `type` is one of the contract's limit types. */
export class LimitExceeded extends AppError {
  constructor(
    readonly type: string,
    message: string,
    params: Record<string, string | number> = {},
    /** Params written differently per language (plan names), picked by the caller's language. */
    readonly localized: Record<string, { en: string; ar: string }> = {},
    /** What is still left of the limit, where a request asked for more than is left: the answer says it (`remaining`), for the screen to offer what fits. */
    readonly remaining?: number,
  ) {
    super(402, message, params);
  }
}

/** 450: signed in, e-mail address not verified (spec section 7). */
export class EmailNotVerified extends AppError {
  constructor() {
    super(450, 'error.email_not_verified');
  }
}

/** 503: the database is briefly out of reach (a restart, a fail-over); the request may be sent again. */
export class ServiceUnavailable extends AppError {
  constructor(readonly retryAfterSeconds = 5) {
    super(503, 'error.service_unavailable');
  }
}

/** 507: there is no room left to store a file. */
export class InsufficientStorage extends AppError {
  constructor() {
    super(507, 'error.storage_full');
  }
}
