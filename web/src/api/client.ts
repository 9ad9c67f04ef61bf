// The one HTTP client of the web app. It speaks the contract of shared/API.md:
// cookies on every call, the XMLHttpRequest marker, and the CSRF double-submit
// (XSRF-TOKEN cookie -> X-XSRF-TOKEN header) on every state-changing call.

export type { CompanyInfo, DataList, Language, PersonalInfo, Plan, PlanFeatureList, PlanLimits, RoleId, SiteSetting, SocialProvider, User, UserPlan, UserSettings } from './types';

/** The spec's generic failure text (section 8), used when the server sent no message. */
export const FALLBACK_ERROR_MESSAGE = 'Whoops! Something went wrong.';

export const CSRF_COOKIE_PATH = '/mt/csrf-cookie';
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** Set by the server beside the (httpOnly) session cookie and cleared with it; holds no secret. */
export const SIGNED_IN_COOKIE_NAME = 'lisan_signed_in';
/**
 * The signed-in hint's value while the user's e-mail address is not verified (GET /api/user would
 * answer 450); any other value means verified. The server's copy: SIGNED_IN_HINT in server/src/http/sessions.ts.
 */
export const SIGNED_IN_HINT_UNVERIFIED = 'unverified';

/** The status the server answers when the CSRF token is missing or stale (Laravel's "page expired"). */
const CSRF_MISMATCH_STATUS = 419;

export type FieldErrors = Record<string, string[] | string>;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const STATE_CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The calls that start or end a session: sign-up, sign-in, sign-out, account deletion. The
 * server's answer to one carries a new CSRF token, bound to the new session (or to none), so a
 * write that read the old token while one was on its way could reach the server with the old
 * token in its header and the new one in its cookie, and be refused with 419. The retry on 419
 * would make it pass, but the browser has logged the failed request by then; so other writes wait
 * for such a call to be answered, and such calls for one another.
 */
export const SESSION_CHANGING_PATHS: ReadonlySet<string> = new Set(['/mt/register', '/mt/login', '/mt/logout', '/api/user/delete-account']);

/** The error envelope of the contract; every field is optional because any status may carry any of them. */
interface ErrorBody {
  status?: number;
  message?: string;
  errors?: FieldErrors;
  type?: string;
  remaining?: number;
  error_codes?: string[];
}

/**
 * Flattens a 422 `errors` object ({field: [msg, ...]}) into the list of messages shown
 * to the user (spec section 5), in field order, without empty entries.
 */
export function flattenErrors(errors: FieldErrors | null | undefined): string[] {
  if (!errors || typeof errors !== 'object') return [];
  return Object.values(errors)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((message): message is string => typeof message === 'string' && message.trim() !== '');
}

/** Any non-2xx answer (or a network failure, status 0) of an API call. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** 422 field errors, {field: [message]}; empty otherwise. */
  readonly errors: Record<string, string[]>;
  /** 402 usage-limit type (char_limit, request_quota, trial_expired, ...); null otherwise. */
  readonly type: string | null;
  /** A 402's `remaining`: what is still left of the limit the request asked more of (web_pages); null otherwise. */
  readonly remaining: number | null;
  /** `error_codes` of a refused subscription; empty otherwise. */
  readonly errorCodes: string[];
  /** The parsed body, for callers that need more than the fields above. */
  readonly body: unknown;
  /**
   * Whether the message is the server's own words (the contract's envelope, or a message the app wrote): a network
   * failure, or a proxy's page (HTML, an English status line) in front of a server that is down, has none to show.
   */
  readonly spoken: boolean;

  constructor(init: { status: number; statusText?: string; body?: unknown; message?: string }) {
    const body = (isObject(init.body) ? init.body : {}) as ErrorBody;
    const message =
      nonEmptyString(init.message) ?? nonEmptyString(body.message) ?? nonEmptyString(init.statusText) ?? FALLBACK_ERROR_MESSAGE;
    super(message);
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.errors = normaliseFieldErrors(body.errors);
    this.type = nonEmptyString(body.type) ?? null;
    this.remaining = typeof body.remaining === 'number' && Number.isInteger(body.remaining) && body.remaining >= 0 ? body.remaining : null;
    this.errorCodes = Array.isArray(body.error_codes) ? body.error_codes.map(String) : [];
    this.body = init.body ?? null;
    this.spoken = init.status !== 0 && (nonEmptyString(init.message) !== undefined || nonEmptyString(body.message) !== undefined || Object.keys(this.errors).length > 0);
  }

  /** Lisan was not reached: no connection (status 0), or a gateway answered for a server that is down (5xx, no envelope). */
  get unreachable(): boolean {
    return !this.spoken && (this.status === 0 || this.status >= 500);
  }

  /** The messages to show: the flattened 422 errors when there are any, else the message. */
  get messages(): string[] {
    const fieldMessages = flattenErrors(this.errors);
    return fieldMessages.length > 0 ? fieldMessages : [this.message];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads one cookie from a `document.cookie` style string, URI-decoded; null when absent. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful answer; JSON by default (an empty answer gives undefined). */
  responseType?: 'json' | 'blob' | 'text';
}

export interface ApiClientOptions {
  /** Prefix of every path; empty for same-origin calls. */
  baseUrl?: string;
  /** The fetch to use; the global one by default (read at call time). */
  fetch?: typeof fetch;
  /** Returns the current cookies, `document.cookie` by default. */
  readCookies?: () => string;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const readCookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));

  // Shared by concurrent first mutations, so the cookie is fetched once.
  let csrfCookieRequest: Promise<void> | null = null;
  // The latest call of SESSION_CHANGING_PATHS until it is answered (each one waits for the one before it).
  let sessionChange: Promise<void> | null = null;

  /** Waits until no call that starts or ends a session is on its way, so the token read next is the new one. */
  async function sessionChangesAnswered(): Promise<void> {
    while (sessionChange) await sessionChange;
  }

  function buildUrl(path: string, query?: QueryParams): string {
    const url = baseUrl + path;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== undefined) params.append(key, String(value));
    }
    const search = params.toString();
    return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, credentials: 'include' });
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, message: FALLBACK_ERROR_MESSAGE, body: null });
    }
  }

  function baseHeaders(): Record<string, string> {
    return { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  }

  /** GET /mt/csrf-cookie: a 204 that sets the XSRF-TOKEN cookie. */
  async function fetchCsrfCookie(): Promise<void> {
    const response = await send(buildUrl(CSRF_COOKIE_PATH), { method: 'GET', headers: baseHeaders() });
    if (!response.ok) throw await toApiError(response);
  }

  /** Fetches the CSRF cookie once (or again when `force`); a failed fetch is retried by the next call. */
  function ensureCsrfCookie(force = false): Promise<void> {
    if (!csrfCookieRequest || force) {
      const request = fetchCsrfCookie();
      csrfCookieRequest = request;
      request.catch(() => {
        if (csrfCookieRequest === request) csrfCookieRequest = null;
      });
    }
    return csrfCookieRequest;
  }

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const method = requestOptions.method ?? 'GET';
    const stateChanging = STATE_CHANGING_METHODS.has(method);
    const url = buildUrl(path, requestOptions.query);
    const { body, contentType } = encodeBody(requestOptions.body);

    const attempt = async (): Promise<Response> => {
      const headers: Record<string, string> = { ...baseHeaders(), ...requestOptions.headers };
      if (contentType) headers['Content-Type'] = contentType;
      if (stateChanging) {
        const token = readCookie(readCookies(), CSRF_COOKIE_NAME);
        if (token) headers[CSRF_HEADER_NAME] = token;
      }
      return send(url, { method, headers, body, signal: requestOptions.signal });
    };

    const changesSession = stateChanging && SESSION_CHANGING_PATHS.has(path);
    const perform = async (): Promise<T> => {
      if (stateChanging) await ensureCsrfCookie();
      if (stateChanging && !changesSession) await sessionChangesAnswered();
      let response = await attempt();
      if (stateChanging && response.status === CSRF_MISMATCH_STATUS) {
        // The session or its token expired: take a fresh cookie and try once more.
        await ensureCsrfCookie(true);
        response = await attempt();
      }
      if (!response.ok) throw await toApiError(response);
      return (await readBody(response, requestOptions.responseType ?? 'json')) as T;
    };

    if (!changesSession) return perform();
    // Marked before anything is awaited, so a write that starts now waits for it too.
    const before = sessionChange;
    const call = (async () => {
      if (before) await before;
      return perform();
    })();
    const answered = call.then(
      () => undefined,
      () => undefined,
    );
    sessionChange = answered;
    void answered.then(() => {
      if (sessionChange === answered) sessionChange = null;
    });
    return call;
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
    ensureCsrfCookie,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: same origin, browser cookies. */
export const api = createApiClient();

function encodeBody(body: unknown): { body: BodyInit | undefined; contentType: string | null } {
  if (body === undefined || body === null) return { body: undefined, contentType: null };
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  ) {
    // The browser sets the multipart boundary or form type itself.
    return { body: body as BodyInit, contentType: null };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readBody(response: Response, responseType: 'json' | 'blob' | 'text'): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  if (response.status === 204 || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text.trim() === '' ? null : JSON.parse(text);
  } catch {
    body = null; // An HTML or empty error page: keep the status, use the fallback message.
  }
  return new ApiError({ status: response.status, statusText: response.statusText, body });
}

function normaliseFieldErrors(errors: unknown): Record<string, string[]> {
  if (!isObject(errors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    result[field] = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
