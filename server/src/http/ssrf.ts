/**
 * SSRF guard for everything the server fetches on a user's behalf (website crawling).
 *
 * - Only http and https, no credentials in the URL.
 * - Every address a host name resolves to must be public: loopback, private, link-local,
 *   CGNAT, multicast, reserved, documentation and cloud metadata addresses are refused,
 *   in IPv4 and in every IPv6 form that embeds an IPv4 address (mapped, translated, NAT64,
 *   6to4) or reaches somewhere local (ULA, link-local, Teredo).
 * - The check runs inside the socket's `lookup`, i.e. on the very addresses the connection
 *   uses, so a DNS answer that changes between a first check and the connect (DNS rebinding)
 *   cannot get through; IP literals (which skip lookup) are checked before connecting.
 * - Operators may allow listed hosts (WEB_FETCH_ALLOW_HOSTS): the URL's host name as written
 *   (a name or an IP literal) is compared, never the resolved address, so a public name that
 *   resolves to an allowed loopback address is still refused. An entry names its port
 *   (`host:port`, `host:*`); a bare host opens ports 80 and 443 only.
 * - Lisan's own listening address (its port on a loopback or own address) is never fetched,
 *   allow-listed or not.
 */
import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'metadata'
  | 'reserved'
  | 'documentation';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (the default uses the system resolver). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why a URL or an address was refused. */
export class SsrfRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'credentials' | 'blocked_address' | 'invalid_url',
    readonly detail: string,
  ) {
    super(`Refused to fetch (${reason}): ${detail}`);
    this.name = 'SsrfRefused';
  }
}

type Range = { base: number; bits: number; cls: AddressClass };

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

const V4_RANGES: Range[] = [
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.170.2', 32, 'metadata'], // AWS ECS task metadata
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud
  ['192.0.0.192', 32, 'metadata'], // Oracle Cloud
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
].map(([ip, bits, cls]) => ({ base: ipv4ToNumber(ip as string), bits: bits as number, cls: cls as AddressClass }));

function classifyIPv4Number(value: number): AddressClass {
  for (const range of V4_RANGES) {
    const size = 2 ** (32 - range.bits);
    if (value >= range.base && value < range.base + size) return range.cls;
  }
  return 'public';
}

/** 16 bytes of an IPv6 address (zone id dropped, embedded dotted quad allowed); null if invalid. */
export function parseIPv6(input: string): number[] | null {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  text = text.replace(/%.*$/, '');
  if (net.isIPv6(text) === false) return null;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    if (!net.isIPv4(last)) return null;
    const n = ipv4ToNumber(last);
    tail = [(n >>> 16) & 0xffff, n & 0xffff];
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array(Math.max(0, missing)).fill(0), ...right];
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups.flatMap((g) => [(g >> 8) & 0xff, g & 0xff]);
}

function bytesToIPv4Number(bytes: number[], offset: number): number {
  return ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
}

function prefixMatches(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = Math.floor(i / 8);
    const mask = 0x80 >> i % 8;
    if ((bytes[byte]! & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const AWS_IPV6_METADATA = parseIPv6('fd00:ec2::254')!;

function classifyIPv6Bytes(bytes: number[]): AddressClass {
  if (bytes.every((b, i) => b === AWS_IPV6_METADATA[i])) return 'metadata';
  const zeroUpTo = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeroUpTo(16)) return 'unspecified';
  if (zeroUpTo(15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated): the IPv4 address decides.
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return classifyIPv4Number(bytesToIPv4Number(bytes, 12));
  if (zeroUpTo(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) return classifyIPv4Number(bytesToIPv4Number(bytes, 12));
  // ::a.b.c.d (IPv4-compatible, deprecated): never a real destination.
  if (zeroUpTo(12)) return 'reserved';
  // NAT64 well-known prefix: the embedded IPv4 address decides; the local-use prefix is private.
  if (prefixMatches(bytes, [0x00, 0x64, 0xff, 0x9b], 96)) return classifyIPv4Number(bytesToIPv4Number(bytes, 12));
  if (prefixMatches(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48)) return 'private';
  if (prefixMatches(bytes, [0x01, 0x00], 64)) return 'reserved'; // discard-only
  if (prefixMatches(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'documentation';
  if (prefixMatches(bytes, [0x20, 0x01, 0x00, 0x00], 23)) return 'reserved'; // IETF protocol assignments, Teredo
  // 6to4: the IPv4 address in bits 16..48 decides.
  if (prefixMatches(bytes, [0x20, 0x02], 16)) return classifyIPv4Number(bytesToIPv4Number(bytes, 2));
  if (prefixMatches(bytes, [0xfc], 7)) return 'private'; // unique local
  if (prefixMatches(bytes, [0xfe, 0x80], 10)) return 'link_local';
  if (prefixMatches(bytes, [0xfe, 0xc0], 10)) return 'private'; // site-local (deprecated)
  if (bytes[0] === 0xff) return 'multicast';
  // Only global unicast (2000::/3) is routable on the internet.
  if (prefixMatches(bytes, [0x20], 3)) return 'public';
  return 'reserved';
}

/** The class of an IP address (v4 or v6, brackets and zone ids allowed). Invalid input: 'reserved'. */
export function classifyAddress(ip: string): AddressClass {
  const text = ip.trim().replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return classifyIPv4Number(ipv4ToNumber(text));
  const bytes = parseIPv6(text);
  return bytes ? classifyIPv6Bytes(bytes) : 'reserved';
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}

/** Normalises an allow-list entry or a URL host name for comparison ("[::1]" -> "::1", lower case). */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/** The port a URL connects to (its own, else its scheme's). */
export function effectivePort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** Ports a bare allow-list entry (no `:port`) opens: plain and TLS web only. */
const DEFAULT_PORTS: readonly number[] = [80, 443];
/** `host:*`: every port of the host (test sites on random ports). */
const ANY_PORT = 0;

/**
 * One WEB_FETCH_ALLOW_HOSTS entry: `host`, `host:port`, `host:*`, `[v6]`, `[v6]:port` or a bare
 * IPv6 literal. Null when the entry is not one of those.
 */
export function parseAllowEntry(entry: string): { host: string; ports: number[] } | null {
  const text = entry.trim().toLowerCase();
  if (!text) return null;
  const bracketed = /^\[([^\]]+)\](?::(\d+|\*))?$/.exec(text);
  if (bracketed) return { host: normalizeHost(bracketed[1]!), ports: portsOf(bracketed[2]) };
  if (net.isIPv6(text)) return { host: normalizeHost(text), ports: [...DEFAULT_PORTS] };
  const hostPort = /^([^:]+)(?::(\d+|\*))?$/.exec(text);
  if (!hostPort) return null;
  const ports = portsOf(hostPort[2]);
  return ports.every((port) => port >= 0 && port <= 65535) ? { host: normalizeHost(hostPort[1]!), ports } : null;
}

function portsOf(text: string | undefined): number[] {
  if (text === undefined) return [...DEFAULT_PORTS];
  return text === '*' ? [ANY_PORT] : [Number(text)];
}

export interface SsrfPolicy {
  /** Host names (as written in URLs) the operator allows although they are local, each with its ports. */
  allowHosts: ReadonlyMap<string, ReadonlySet<number>>;
  resolve: Resolver;
  /**
   * Lisan's own listening address: its ports (main.ts adds the bound one) and the addresses
   * of this machine. A connection there is refused even for an allow-listed host.
   */
  self: { ports: Set<number>; addresses: Set<string> };
}

/** Every address of this machine's interfaces (and the listening host, when it is an address). */
export function machineAddresses(listenHost?: string): Set<string> {
  const addresses = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) for (const item of list ?? []) addresses.add(normalizeHost(item.address));
  if (listenHost && net.isIP(normalizeHost(listenHost))) addresses.add(normalizeHost(listenHost));
  return addresses;
}

export function createSsrfPolicy(
  options: { allowHosts?: readonly string[]; resolve?: Resolver; selfPorts?: readonly number[]; selfAddresses?: Iterable<string> } = {},
): SsrfPolicy {
  const allowHosts = new Map<string, Set<number>>();
  for (const entry of options.allowHosts ?? []) {
    const parsed = parseAllowEntry(entry);
    if (!parsed) continue;
    const ports = allowHosts.get(parsed.host) ?? new Set<number>();
    for (const port of parsed.ports) ports.add(port);
    allowHosts.set(parsed.host, ports);
  }
  return {
    allowHosts,
    resolve: options.resolve ?? systemResolver,
    self: { ports: new Set((options.selfPorts ?? []).filter((port) => port > 0)), addresses: new Set(options.selfAddresses ?? machineAddresses()) },
  };
}

/** Whether the operator allows this host on this port (a bare entry: 80 and 443 only). */
export function isAllowListed(policy: SsrfPolicy, hostname: string, port: number): boolean {
  const ports = policy.allowHosts.get(normalizeHost(hostname));
  return !!ports && (ports.has(ANY_PORT) || ports.has(port));
}

/** Lisan itself: one of its ports on a loopback, unspecified or own address. Never fetched. */
function isSelf(policy: SsrfPolicy, address: string, port: number): boolean {
  if (!policy.self.ports.has(port)) return false;
  const host = normalizeHost(address);
  const cls = classifyAddress(host);
  return cls === 'loopback' || cls === 'unspecified' || policy.self.addresses.has(host) || host === 'localhost';
}

/**
 * Checks a URL before any connection: scheme, credentials, and (for IP literals, which
 * never go through a lookup) the address itself, with its port. Returns the parsed URL.
 */
export function checkUrl(policy: SsrfPolicy, input: string | URL): URL {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : input;
  } catch {
    throw new SsrfRefused('invalid_url', String(input));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfRefused('scheme', url.protocol);
  if (url.username || url.password) throw new SsrfRefused('credentials', url.host);
  const host = normalizeHost(url.hostname);
  if (!host) throw new SsrfRefused('invalid_url', String(input));
  const port = effectivePort(url);
  if (isSelf(policy, host, port)) throw new SsrfRefused('blocked_address', `${url.host} (Lisan itself)`);
  if (net.isIP(host) && !isAllowListed(policy, host, port)) {
    const cls = classifyAddress(host);
    if (cls !== 'public') throw new SsrfRefused('blocked_address', `${url.host} (${cls})`);
  }
  return url;
}

/**
 * Resolves a host for a connection to `port` and refuses it unless every address is public
 * (or the host is allow-listed for that port); Lisan's own address is refused either way.
 */
export async function resolvePublic(policy: SsrfPolicy, hostname: string, port: number): Promise<ResolvedAddress[]> {
  const host = normalizeHost(hostname);
  const refuseSelf = (address: string) => {
    if (isSelf(policy, address, port)) throw new SsrfRefused('blocked_address', `${host}:${port} -> ${address} (Lisan itself)`);
  };
  if (net.isIP(host)) {
    refuseSelf(host);
    if (!isAllowListed(policy, host, port) && classifyAddress(host) !== 'public') throw new SsrfRefused('blocked_address', `${host} (${classifyAddress(host)})`);
    return [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  }
  const addresses = await policy.resolve(host);
  if (!addresses.length) throw Object.assign(new Error(`No address for ${host}`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) refuseSelf(address);
  if (isAllowListed(policy, host, port)) return addresses;
  for (const { address } of addresses) {
    const cls = classifyAddress(address);
    if (cls !== 'public') throw new SsrfRefused('blocked_address', `${host} -> ${address} (${cls})`);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for connections to `port` (http(s).request / net.connect) that resolves through
 * the policy and refuses local addresses: the connect-time check that defeats DNS rebinding.
 * A lookup is not told the port, so each port gets its own (web-fetch.ts: one agent per port).
 */
export function guardedLookup(policy: SsrfPolicy, port: number) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolvePublic(policy, hostname, port).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length ? wanted : addresses;
        if (options.all) callback(null, list.map((a) => ({ address: a.address, family: a.family })));
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
