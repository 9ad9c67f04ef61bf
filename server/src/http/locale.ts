import type { FastifyRequest } from 'fastify';
import { normalizeLocale, type Locale } from '../i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's locale once resolveLocale has worked it out (decorated in app.ts). */
    resolvedLocale: Locale | null;
  }
}

/**
 * The request's locale: the `locale` cookie, else Accept-Language, else English. Worked out
 * once per request, on first use; every message of the request reads that one answer.
 */
export function resolveLocale(request: FastifyRequest): Locale {
  return (request.resolvedLocale ??= localeOf(request));
}

function localeOf(request: FastifyRequest): Locale {
  const fromCookie = normalizeLocale(request.cookies?.locale);
  if (fromCookie) return fromCookie;
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && header.trim() && header.trim() !== '*') {
    // The highest-weighted tag decides; browsers list the preferred one first.
    const ranked = header
      .split(',')
      .map((part) => {
        const [tag, ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag: tag!.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .filter((entry) => entry.tag && entry.tag !== '*')
      .sort((a, b) => b.q - a.q);
    const locale = normalizeLocale(ranked[0]?.tag);
    if (locale) return locale;
  }
  return 'en';
}
