// The egress guard every push URL passes at registration and again at each delivery (interop.md
// §"A2A push delivery", webhooks.md §Egress): https only; a name is resolved once and every address
// it resolves to is judged — loopback, RFC 1918 and shared (CGNAT) space, link-local, ULA, cloud
// metadata, multicast and reserved ranges are refused, an IPv4-mapped IPv6 address by the address it
// embeds (net.BlockList judges `::ffff:a.b.c.d` by a.b.c.d) — and the sender connects to the checked
// address, so a second resolution cannot swap it. `localhost` names are refused by name.
//
// `allowLoopback` (and `allowHttp`) are development settings for tests: off by default, and
// discovery says when loopback receivers are admitted (config.ts `a2a.push`).
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type AddressClass = 'loopback' | 'private' | 'link-local' | 'metadata' | 'ula' | 'reserved';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → every address it resolves to (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface EgressOptions {
  /** Development only: admit loopback addresses and `localhost` names. */
  allowLoopback?: boolean;
  /** Development only: admit `http:` URLs. */
  allowHttp?: boolean;
  resolve?: Resolver;
}

/** A URL that passed the guard, with the one address the sender must connect to. */
export interface EgressTarget {
  url: URL;
  /** The host name without IPv6 brackets (the TLS server name when it is not an address). */
  hostname: string;
  address: string;
  family: 4 | 6;
}

export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

function blockList(v4: string[], v6: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net!, Number(bits), 'ipv4');
  }
  for (const cidr of v6) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net!, Number(bits), 'ipv6');
  }
  return list;
}

// Judged in this order: the first class that matches names the refusal.
const CLASSES: [AddressClass, BlockList][] = [
  [
    'metadata',
    blockList(
      ['169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32'],
      ['fd00:ec2::254/128'],
    ),
  ],
  ['loopback', blockList(['127.0.0.0/8'], ['::1/128'])],
  ['link-local', blockList(['169.254.0.0/16'], ['fe80::/10'])],
  ['private', blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'], [])],
  ['ula', blockList([], ['fc00::/7'])],
  [
    'reserved',
    blockList(
      [
        '0.0.0.0/8',
        '192.0.0.0/24',
        '192.0.2.0/24',
        '198.18.0.0/15',
        '198.51.100.0/24',
        '203.0.113.0/24',
        '224.0.0.0/4',
        '240.0.0.0/4',
      ],
      // Unspecified, IPv4-compatible, NAT64 and 6to4 (they embed addresses we would have to judge
      // again), discard, documentation and multicast.
      [
        '::/96',
        '64:ff9b::/96',
        '64:ff9b:1::/48',
        '2002::/16',
        '100::/64',
        '2001:db8::/32',
        'ff00::/8',
      ],
    ),
  ],
];

/** The refused class of an address, or undefined when it is a public unicast address. */
export function classifyAddress(address: string): AddressClass | undefined {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [cls, list] of CLASSES) if (list.check(address, type)) return cls;
  return undefined;
}

/** Names refused before resolution (interop.md: `localhost`, metadata hosts). */
function classifyName(hostname: string): AddressClass | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  if (name === 'metadata' || name === 'metadata.google.internal' || name === 'metadata.goog') {
    return 'metadata';
  }
  return undefined;
}

function admitted(cls: AddressClass | undefined, options: EgressOptions): boolean {
  return cls === undefined || (cls === 'loopback' && options.allowLoopback === true);
}

const systemResolver: Resolver = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Parses, judges and resolves `raw`; throws EgressRefused with a reason that names no address. */
export async function checkEgress(raw: string, options: EgressOptions = {}): Promise<EgressTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EgressRefused('the push URL is not an absolute URL');
  }
  const httpOk = url.protocol === 'http:' && options.allowHttp === true;
  if (url.protocol !== 'https:' && !httpOk) {
    throw new EgressRefused('the push URL must use https');
  }
  if (url.username !== '' || url.password !== '') {
    throw new EgressRefused('the push URL must not carry credentials');
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const byName = classifyName(hostname);
  if (!admitted(byName, options)) throw new EgressRefused(`the push host is refused (${byName})`);
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal !== 0) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      throw new EgressRefused('the push host does not resolve');
    }
    if (addresses.length === 0) throw new EgressRefused('the push host does not resolve');
  }
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (!admitted(cls, options)) {
      throw new EgressRefused(`the push host resolves to a refused address (${cls})`);
    }
  }
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family };
}
