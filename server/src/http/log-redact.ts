import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret (reset/invitation tokens, OAuth codes, link signatures,
 * keys) or an e-mail address (the confirm pages of the address change and the verification name
 * the address they confirm): personal data the access log has no need of.
 */
const SECRET_PARAMS = /^(token|signature|expires|code|state|hash|key|api[_-]?key|auth[_-]?key|access[_-]?token|id[_-]?token|session[_-]?id|password|e-?mail)$/i;
/**
 * Paths whose segments after the prefix are a secret themselves: the e-mail verification and address change links,
 * and the looks their pages and the reset page take with the same parts.
 */
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/^((?:\/api)?\/email[/-]verify\/[^/?]+\/)[^/?]+/, '$1[redacted]'],
  [/^((?:\/api)?\/email[/-]change\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/password-reset\/)[^/?]+/, '$1[redacted]'],
];

/**
 * The URL as access logs write it: a signed link's query string goes whole, token-like
 * parameters keep their name with the value replaced, and secret path segments are masked.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  for (const [pattern, replacement] of SECRET_PATHS) pathPart = pathPart.replace(pattern, replacement);
  if (queryAt < 0) return pathPart;
  const query = url.slice(queryAt + 1);
  const pairs = query.split('&').filter(Boolean);
  if (pairs.some((pair) => /^signature=/i.test(pair))) return `${pathPart}?[redacted]`;
  const kept = pairs.map((pair) => {
    const [name = ''] = pair.split('=', 1);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      /* a malformed name stays as sent */
    }
    return SECRET_PARAMS.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${pathPart}?${kept.join('&')}`;
}

/** Fastify's `req` log serializer, with the URL redacted. */
export function accessLogRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
