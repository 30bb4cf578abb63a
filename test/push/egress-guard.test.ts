// The egress guard's matrix (interop.md §"A2A push delivery"): every refused class, IPv4-mapped IPv6
// judged by the embedded address, names refused before resolving, a name resolving to a private
// address refused whichever of its addresses is private, and the development settings.
import { describe, expect, it } from 'vitest';
import {
  checkEgress,
  classifyAddress,
  EgressRefused,
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
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBeUndefined();
    },
  );
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

  it('admits loopback (and http) only under the development settings', async () => {
    const resolve = resolver({ localhost: ['127.0.0.1'] });
    await expect(
      checkEgress('https://localhost:8443/h', { allowLoopback: true, resolve }),
    ).resolves.toMatchObject({ address: '127.0.0.1' });
    expect(await refusal('http://localhost:8443/h', { allowLoopback: true, resolve })).toBe(
      'the push URL must use https',
    );
    await expect(
      checkEgress('http://127.0.0.1:8080/h', { allowLoopback: true, allowHttp: true }),
    ).resolves.toMatchObject({ address: '127.0.0.1' });
    // The loopback setting admits loopback only, never private or metadata addresses.
    expect(await refusal('https://10.0.0.1/h', { allowLoopback: true })).toBe(
      'the push host resolves to a refused address (private)',
    );
    expect(await refusal('https://169.254.169.254/h', { allowLoopback: true })).toBe(
      'the push host resolves to a refused address (metadata)',
    );
  });
});
