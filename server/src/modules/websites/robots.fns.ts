/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with allow/disallow rules;
 * our product token picks its group (else "*"); the longest matching rule wins, allow on a
 * tie; `*` matches any characters and `$` anchors the end. Crawl-delay and Sitemap lines are
 * read too (widely used extensions).
 */
export interface RobotsRule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

export interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds?: number;
}

export interface Robots {
  groups: RobotsGroup[];
  sitemaps: string[];
}

/** Allows everything (no robots.txt, or a 4xx answer). */
export const ALLOW_ALL: Robots = { groups: [], sitemaps: [] };
/** Allows nothing (robots.txt unreachable: 5xx or network failure, as RFC 9309 asks). */
export const DISALLOW_ALL: Robots = {
  groups: [{ agents: ['*'], rules: [{ allow: false, pattern: '/', regex: /^\// }] }],
  sitemaps: [],
};

function patternToRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Percent-encodes what a path may hold unencoded, so "/ä" in robots.txt matches "/%C3%A4" in a URL. */
function normalizePattern(pattern: string): string {
  return pattern.replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}

export function parseRobots(text: string): Robots {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).slice(0, 10_000)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      if (!value) continue; // "Disallow:" with no path allows everything
      const pattern = normalizePattern(value);
      current.rules.push({ allow: key === 'allow', pattern, regex: patternToRegex(pattern) });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
    }
  }
  return { groups, sitemaps };
}

/** The groups that apply to a product token (e.g. "lisanbot"): its own, else "*". */
function groupsFor(robots: Robots, token: string): RobotsGroup[] {
  const lower = token.toLowerCase();
  const own = robots.groups.filter((g) => g.agents.some((agent) => agent !== '*' && (agent === lower || lower.startsWith(agent))));
  return own.length ? own : robots.groups.filter((g) => g.agents.includes('*'));
}

/** Whether the crawler with that product token may fetch the URL's path and query. */
export function isAllowedByRobots(robots: Robots, token: string, url: URL): boolean {
  const target = url.pathname + url.search;
  if (url.pathname === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  for (const group of groupsFor(robots, token)) {
    for (const rule of group.rules) {
      if (!rule.regex.test(target)) continue;
      if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) best = rule;
    }
  }
  return best ? best.allow : true;
}

export function crawlDelayFor(robots: Robots, token: string): number | undefined {
  const delays = groupsFor(robots, token)
    .map((g) => g.crawlDelaySeconds)
    .filter((d): d is number => d !== undefined);
  return delays.length ? Math.max(...delays) : undefined;
}
