import { describe, expect, it } from 'vitest';
import { checkUrl, classifyAddress, createSsrfPolicy, guardedLookup, parseAllowEntry, parseIPv6, resolvePublic, SsrfRefused, type ResolvedAddress } from './ssrf';

const staticResolver = (answers: Record<string, string[]>) => async (hostname: string): Promise<ResolvedAddress[]> => {
  const list = answers[hostname];
  if (!list) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['1.1.1.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.0.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'reserved'],
  ])('IPv4 %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link_local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // Teredo
    ['100::1', 'reserved'],
    ['64:ff9b:1::1', 'private'],
    ['3fff::1', 'public'],
    ['4000::1', 'reserved'],
  ])('IPv6 %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'], // IPv4-translated
    ['::127.0.0.1', 'reserved'], // IPv4-compatible (deprecated)
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['::ffff:8.8.8.8', 'public'],
  ])('IPv4 inside IPv6: %s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('reads IPv6 text forms into bytes, and refuses what is not an address', () => {
    expect(parseIPv6('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(parseIPv6('::ffff:1.2.3.4')!.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(parseIPv6('nonsense')).toBeNull();
    expect(classifyAddress('not an ip')).toBe('reserved');
  });
});

describe('checkUrl', () => {
  const policy = createSsrfPolicy();

  it('accepts public http and https URLs', () => {
    expect(checkUrl(policy, 'https://example.com/a?b=c').hostname).toBe('example.com');
    expect(checkUrl(policy, 'http://93.184.216.34:8080/').port).toBe('8080');
  });

  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.com/', 'scheme'],
    ['gopher://127.0.0.1:25/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['http://user:pass@example.com/', 'credentials'],
    ['http://127.0.0.1/', 'blocked_address'],
    ['http://127.1/', 'blocked_address'],
    ['http://2130706433/', 'blocked_address'], // decimal 127.0.0.1
    ['http://0x7f.0.0.1/', 'blocked_address'],
    ['http://0177.0.0.1/', 'blocked_address'], // octal
    ['http://0/', 'blocked_address'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked_address'],
    ['http://[::1]:8080/', 'blocked_address'],
    ['http://[::ffff:127.0.0.1]/', 'blocked_address'],
    ['http://[::ffff:a9fe:a9fe]/', 'blocked_address'],
    ['http://[fd00:ec2::254]/', 'blocked_address'],
    ['http://[fe80::1]/', 'blocked_address'],
    ['http://100.64.1.1/', 'blocked_address'],
    ['http://224.0.0.251/', 'blocked_address'],
    ['not a url', 'invalid_url'],
  ])('refuses %s (%s)', (url, reason) => {
    try {
      checkUrl(policy, url);
      expect.unreachable(`${url} should be refused`);
    } catch (error) {
      expect(error).toBeInstanceOf(SsrfRefused);
      expect((error as SsrfRefused).reason).toBe(reason);
    }
  });

  it('lets listed hosts through, compared as written in the URL, on their listed ports', () => {
    const allowed = createSsrfPolicy({ allowHosts: ['127.0.0.1:3000', '[::1]', 'Intranet.Example', '10.0.0.9:*'] });
    expect(checkUrl(allowed, 'http://127.0.0.1:3000/').port).toBe('3000');
    expect(checkUrl(allowed, 'http://[::1]/').hostname).toBe('[::1]');
    expect(checkUrl(allowed, 'https://[::1]/').hostname).toBe('[::1]');
    expect(checkUrl(allowed, 'http://10.0.0.9:8282/').port).toBe('8282');
    // 127.0.0.2 is not listed; 127.0.0.1 only on 3000; a bare [::1] only on 80 and 443.
    expect(() => checkUrl(allowed, 'http://127.0.0.2/')).toThrow(SsrfRefused);
    expect(() => checkUrl(allowed, 'http://127.0.0.1:8282/')).toThrow(SsrfRefused);
    expect(() => checkUrl(allowed, 'http://127.0.0.1/')).toThrow(SsrfRefused);
    expect(() => checkUrl(allowed, 'http://[::1]:8080/')).toThrow(SsrfRefused);
  });

  it('reads allow-list entries with and without ports', () => {
    expect(parseAllowEntry('127.0.0.1')).toEqual({ host: '127.0.0.1', ports: [80, 443] });
    expect(parseAllowEntry('Intranet.Example:8443')).toEqual({ host: 'intranet.example', ports: [8443] });
    expect(parseAllowEntry('[::1]:8080')).toEqual({ host: '::1', ports: [8080] });
    expect(parseAllowEntry('::1')).toEqual({ host: '::1', ports: [80, 443] });
    expect(parseAllowEntry('site.test:*')).toEqual({ host: 'site.test', ports: [0] });
    expect(parseAllowEntry('host:99999')).toBeNull();
    expect(parseAllowEntry('a:b:c')).toBeNull();
  });

  it("refuses Lisan's own listening port on a local or own address, even when allow-listed", () => {
    const policy = createSsrfPolicy({ allowHosts: ['127.0.0.1:*', 'localhost:*'], selfPorts: [8282], selfAddresses: ['203.0.113.7'] });
    expect(() => checkUrl(policy, 'http://127.0.0.1:8282/api/health')).toThrow(/Lisan itself/);
    expect(() => checkUrl(policy, 'http://localhost:8282/api/health')).toThrow(/Lisan itself/);
    expect(() => checkUrl(policy, 'http://[::1]:8282/')).toThrow(/Lisan itself/);
    expect(() => checkUrl(policy, 'http://203.0.113.7:8282/')).toThrow(/Lisan itself/);
    expect(checkUrl(policy, 'http://127.0.0.1:8283/').port).toBe('8283');
  });
});

describe('resolvePublic and the connect-time lookup', () => {
  it('refuses a name when any of its addresses is not public', async () => {
    const policy = createSsrfPolicy({ resolve: staticResolver({ 'mixed.test': ['8.8.8.8', '10.0.0.5'], 'ok.test': ['8.8.8.8', '2001:4860::1'], 'mapped.test': ['::ffff:169.254.169.254'] }) });
    await expect(resolvePublic(policy, 'ok.test', 443)).resolves.toHaveLength(2);
    await expect(resolvePublic(policy, 'mixed.test', 443)).rejects.toMatchObject({ reason: 'blocked_address' });
    await expect(resolvePublic(policy, 'mapped.test', 443)).rejects.toMatchObject({ reason: 'blocked_address' });
    await expect(resolvePublic(policy, 'missing.test', 443)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('does not let an allow-listed address in through a name that resolves to it', async () => {
    const policy = createSsrfPolicy({ allowHosts: ['127.0.0.1'], resolve: staticResolver({ 'evil.test': ['127.0.0.1'], 'localhost': ['127.0.0.1'] }) });
    await expect(resolvePublic(policy, 'evil.test', 80)).rejects.toMatchObject({ reason: 'blocked_address' });
    await expect(resolvePublic(policy, 'localhost', 80)).rejects.toMatchObject({ reason: 'blocked_address' });
    await expect(resolvePublic(policy, '127.0.0.1', 80)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('answers the socket lookup with checked addresses only (both the single and the `all` forms)', async () => {
    const policy = createSsrfPolicy({ resolve: staticResolver({ 'ok.test': ['8.8.8.8', '2001:4860::1'], 'bad.test': ['192.168.0.10'] }) });
    const lookup = guardedLookup(policy, 443);
    const single = await new Promise((resolve, reject) => lookup('ok.test', { family: 6 }, (err, address, family) => (err ? reject(err) : resolve([address, family]))));
    expect(single).toEqual(['2001:4860::1', 6]);
    const all = await new Promise((resolve, reject) => lookup('ok.test', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
    expect(all).toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2001:4860::1', family: 6 },
    ]);
    const refused = await new Promise((resolve) => lookup('bad.test', {}, (err) => resolve(err)));
    expect(refused).toBeInstanceOf(SsrfRefused);
  });
});
