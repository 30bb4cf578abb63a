// The egress guard's matrix (interop.md §"A2A push delivery"): every refused class, IPv4-mapped IPv6
// judged by the embedded address and every IPv6 range that reaches IPv4 or site-local space
// refused, names refused before resolving, a name resolving to a private address refused whichever
// of its addresses is private, the port allowlist, and the operator's allowlist of private networks.
import { describe, expect, it } from 'vitest';
import {
  checkEgress,
  classifyAddress,
  EgressRefused,
  parseCidr,
  type Resolver,
} from '../../runtime/adapters/push/egress-guard.ts';

const resolver =
  (table: Record<string, string[]>): Resolver =>
  async (name) => {
    const found = table[name];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(url: string, options = {}): Promise<string> {
  try {
    await checkEgress(url, options);
  } catch (err) {
    expect(err).toBeInstanceOf(EgressRefused);
    return (err as Error).message;
  }
  throw new Error(`${url} was admitted`);
}

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fc00::1', 'ula'],
    ['fd12:3456::1', 'ula'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    // SIIT-translated (::ffff:0:a.b.c.d), IPv4-compatible, Teredo, the rest of the IETF block,
    // site-local, the newer documentation block, and ISATAP by the IPv4 address it embeds.
    ['::ffff:0:7f00:1', 'reserved'],
    ['::ffff:0:a00:1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local'],
    ['3fff::1', 'reserved'],
    ['2606:4700::200:5efe:a00:1', 'private'],
    ['2606:4700::5efe:7f00:1', 'loopback'],
    ['2606:4700::5efe:169.254.169.254', 'metadata'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:4860:4860::8888',
    '2606:4700::5efe:808:808',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });
});

describe('checkEgress', () => {
  it('admits a public https URL and pins the checked address', async () => {
    const t = await checkEgress('https://hooks.example/a2a', {
      resolve: resolver({ 'hooks.example': ['93.184.216.34', '2606:2800:220:1::1'] }),
    });
    expect(t).toMatchObject({ hostname: 'hooks.example', address: '93.184.216.34', family: 4 });
  });

  it.each([
    ['http://hooks.example/a', 'the push URL must use https'],
    ['ftp://hooks.example/a', 'the push URL must use https'],
    ['not a url', 'the push URL is not an absolute URL'],
    ['https://user:pw@hooks.example/a', 'the push URL must not carry credentials'],
    ['https://localhost/a', 'the push host is refused (loopback)'],
    ['https://api.localhost/a', 'the push host is refused (loopback)'],
    ['https://metadata.google.internal/a', 'the push host is refused (metadata)'],
    ['https://127.0.0.1/a', 'the push host resolves to a refused address (loopback)'],
    ['https://10.0.0.8/a', 'the push host resolves to a refused address (private)'],
    ['https://192.168.0.8/a', 'the push host resolves to a refused address (private)'],
    ['https://169.254.169.254/latest', 'the push host resolves to a refused address (metadata)'],
    ['https://[fe80::1]/a', 'the push host resolves to a refused address (link-local)'],
    ['https://[fc00::5]/a', 'the push host resolves to a refused address (ula)'],
    ['https://[::ffff:10.0.0.1]/a', 'the push host resolves to a refused address (private)'],
    ['https://[::ffff:7f00:1]/a', 'the push host resolves to a refused address (loopback)'],
  ])('refuses %s', async (url, message) => {
    expect(await refusal(url, { resolve: resolver({}) })).toBe(message);
  });

  it('refuses a name when any address it resolves to is private', async () => {
    const resolve = resolver({
      'inside.example': ['10.20.30.40'],
      'mixed.example': ['93.184.216.34', '192.168.7.7'],
      'mapped.example': ['::ffff:169.254.169.254'],
    });
    expect(await refusal('https://inside.example/h', { resolve })).toBe(
      'the push host resolves to a refused address (private)',
    );
    expect(await refusal('https://mixed.example/h', { resolve })).toBe(
      'the push host resolves to a refused address (private)',
    );
    expect(await refusal('https://mapped.example/h', { resolve })).toBe(
      'the push host resolves to a refused address (metadata)',
    );
    expect(await refusal('https://nowhere.example/h', { resolve })).toBe(
      'the push host does not resolve',
    );
  });

  it.each([
    ['https://hooks.example:22/a', "the push URL's port 22 is not allowed"],
    ['https://hooks.example:0/a', "the push URL's port 0 is not allowed"],
    ['https://hooks.example:8443/a', "the push URL's port 8443 is not allowed"],
    ['https://[::ffff:0:7f00:1]/a', 'the push host resolves to a refused address (reserved)'],
    ['https://[fec0::1]/a', 'the push host resolves to a refused address (site-local)'],
    ['https://[2001::53]/a', 'the push host resolves to a refused address (reserved)'],
  ])('refuses %s', async (url, message) => {
    const resolve = resolver({ 'hooks.example': ['93.184.216.34'] });
    expect(await refusal(url, { resolve })).toBe(message);
  });

  it('admits the ports of an explicit allowlist, and 443 and 80 by default', async () => {
    const resolve = resolver({ 'hooks.example': ['93.184.216.34'] });
    for (const url of [
      'https://hooks.example/a',
      'https://hooks.example:443/a',
      'https://hooks.example:80/a',
    ])
      await expect(checkEgress(url, { resolve })).resolves.toMatchObject({
        address: '93.184.216.34',
      });
    await expect(
      checkEgress('https://hooks.example:8443/a', { resolve, allowedPorts: [8443] }),
    ).resolves.toMatchObject({ address: '93.184.216.34' });
    expect(await refusal('https://hooks.example/a', { resolve, allowedPorts: [8443] })).toBe(
      "the push URL's port 443 is not allowed",
    );
  });

  it('admits private receivers only inside the operator’s allowlist', async () => {
    const resolve = resolver({
      localhost: ['127.0.0.1', '::1'],
      'hooks.cluster.internal': ['10.20.3.4'],
      'elsewhere.internal': ['10.99.0.1'],
    });
    const allowedCidrs = ['10.20.0.0/16', '127.0.0.0/8', '::1/128', 'fd00:1::/32'];
    const allowedPorts = [443, 8443];
    const opts = { allowedCidrs, allowedPorts, resolve };
    await expect(checkEgress('https://hooks.cluster.internal/h', opts)).resolves.toMatchObject({
      address: '10.20.3.4',
    });
    await expect(checkEgress('https://localhost:8443/h', opts)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(checkEgress('https://[fd00:1::5]/h', opts)).resolves.toMatchObject({
      address: 'fd00:1::5',
    });
    await expect(checkEgress('https://[::ffff:10.20.0.9]/h', opts)).resolves.toMatchObject({
      address: '::ffff:a14:9', // the URL parser's spelling of ::ffff:10.20.0.9
    });
    expect(await refusal('https://elsewhere.internal/h', opts)).toBe(
      'the push host resolves to a refused address (private)',
    );
    expect(await refusal('http://localhost:8443/h', opts)).toBe('the push URL must use https');
    // Metadata and reserved addresses are refused even inside a listed network.
    const wide = { ...opts, allowedCidrs: ['169.254.0.0/16', '::/0', '0.0.0.0/0'] };
    expect(await refusal('https://169.254.169.254/h', wide)).toBe(
      'the push host resolves to a refused address (metadata)',
    );
    expect(await refusal('https://[2001::1]/h', wide)).toBe(
      'the push host resolves to a refused address (reserved)',
    );
    expect(await refusal('https://[::ffff:0:7f00:1]/h', wide)).toBe(
      'the push host resolves to a refused address (reserved)',
    );
    // Without loopback on the list, a localhost name is refused before it is resolved.
    expect(await refusal('https://localhost/h', { ...opts, allowedCidrs: ['10.20.0.0/16'] })).toBe(
      'the push host is refused (loopback)',
    );
    await expect(
      checkEgress('http://127.0.0.1:8080/h', {
        allowedCidrs: ['127.0.0.1/32'],
        allowedPorts: [8080],
        allowHttp: true,
      }),
    ).resolves.toMatchObject({ address: '127.0.0.1' });
  });

  it('parses CIDRs and refuses what is not one', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ network: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('::1')).toEqual({ network: '::1', prefix: 128, family: 'ipv6' });
    for (const bad of [
      '10.0.0.0/33',
      'fd00::/129',
      'example.com/8',
      '10.0.0.0/8/1',
      '10.0.0.0/x',
      '',
    ])
      expect(parseCidr(bad)).toBeUndefined();
  });
});
