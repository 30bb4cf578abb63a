// The egress guard every push URL passes at registration and again at each delivery (interop.md
// §"A2A push delivery", webhooks.md §Egress): https only; a name is resolved once and every address
// it resolves to is judged — loopback, RFC 1918 and shared (CGNAT) space, link-local, ULA and
// site-local, cloud metadata, multicast and reserved ranges are refused; so is every IPv6 range that
// reaches IPv4 space (IPv4-compatible, SIIT-translated, NAT64, 6to4, Teredo and the rest of the IETF
// protocol block), an IPv4-mapped address by the address it embeds (net.BlockList judges
// `::ffff:a.b.c.d` by a.b.c.d), an ISATAP address by its embedded IPv4 — and the sender connects to
// the checked address, so a second resolution cannot swap it. `localhost` names are refused by
// name. Only the ports of an allowlist are admitted (443 and 80 by default).
//
// An operator admits private receivers (in-cluster webhooks) by listing their networks as CIDRs
// (`allowedCidrs`, `wopgen serve --push-allow-cidrs`); metadata and reserved addresses are refused
// whatever the list says. `allowHttp` is a development setting for tests; discovery says when
// either is on (config.ts `a2a.push`).
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { dottedQuad, ipv6Hextets } from '../../util/ip.ts';

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'metadata' | 'ula' | 'site-local' | 'reserved';

/** Classes an operator's allowlist may admit; metadata and reserved addresses never. */
const ALLOWABLE: ReadonlySet<AddressClass> = new Set([
  'loopback',
  'private',
  'link-local',
  'ula',
  'site-local',
]);

/** Ports a push URL may name when the operator lists none. */
export const DEFAULT_PUSH_PORTS: readonly number[] = [443, 80];

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name → every address it resolves to (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface EgressOptions {
  /**
   * The operator's networks of private receivers (CIDRs such as `10.20.0.0/16` or `::1/128`):
   * an address of a private class inside one is admitted. A loopback network here also admits
   * `localhost` names (whose addresses are then judged like any other).
   */
  allowedCidrs?: readonly string[];
  /** Ports a push URL may name (the scheme's default when it names none); 443 and 80 if absent. */
  allowedPorts?: readonly number[];
  /** Development only: admit `http:` URLs. */
  allowHttp?: boolean;
  resolve?: Resolver;
  /** What the URL is for, as a refusal names it ("the push URL …", "the outbound URL …"). */
  subject?: 'push' | 'outbound';
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

/** `a.b.c.d/n` or `v6::/n` (a bare address is its own /32 or /128); undefined when malformed. */
export function parseCidr(
  text: string,
): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [network = '', bits, extra] = text.trim().split('/');
  const v = isIP(network);
  if (v === 0 || extra !== undefined) return undefined;
  const max = v === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { network, prefix, family: v === 4 ? 'ipv4' : 'ipv6' };
}

function blockList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const c = parseCidr(cidr);
    if (!c) throw new EgressRefused(`"${cidr}" is not a CIDR`);
    list.addSubnet(c.network, c.prefix, c.family);
  }
  return list;
}

// Judged in this order: the first class that matches names the refusal.
const CLASSES: [AddressClass, BlockList][] = [
  [
    'metadata',
    blockList([
      '169.254.169.254/32',
      '169.254.170.2/32',
      '100.100.100.200/32',
      'fd00:ec2::254/128',
    ]),
  ],
  ['loopback', blockList(['127.0.0.0/8', '::1/128'])],
  ['link-local', blockList(['169.254.0.0/16', 'fe80::/10'])],
  ['private', blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'])],
  ['ula', blockList(['fc00::/7'])],
  // Deprecated (RFC 3879) but still routed by some stacks to the local site.
  ['site-local', blockList(['fec0::/10'])],
  [
    'reserved',
    blockList([
      '0.0.0.0/8',
      '192.0.0.0/24',
      '192.0.2.0/24',
      '198.18.0.0/15',
      '198.51.100.0/24',
      '203.0.113.0/24',
      '224.0.0.0/4',
      '240.0.0.0/4',
      // Unspecified and IPv4-compatible; SIIT-translated (::ffff:0:a.b.c.d); NAT64 (well-known and
      // local-use); 6to4; the IETF protocol block (Teredo 2001::/32, ORCHID, benchmarking, AMT);
      // each embeds an IPv4 address we would have to judge again, so the whole range is refused.
      '::/96',
      '::ffff:0:0:0/96',
      '64:ff9b::/96',
      '64:ff9b:1::/48',
      '2002::/16',
      '2001::/23',
      // Discard, documentation (both blocks), SRv6 SIDs and multicast.
      '100::/64',
      '2001:db8::/32',
      '3fff::/20',
      '5f00::/16',
      'ff00::/8',
    ]),
  ],
];

/** The IPv4 address an ISATAP interface identifier (`…:0:5efe:a.b.c.d`, `…:200:5efe:…`) embeds. */
function isatapV4(address: string): string | undefined {
  const h = ipv6Hextets(address);
  if (!h || (h[4]! & 0xfdff) !== 0 || h[5] !== 0x5efe) return undefined;
  return dottedQuad(h[6]!, h[7]!);
}

/** The refused class of an address, or undefined when it is a public unicast address. */
export function classifyAddress(address: string): AddressClass | undefined {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [cls, list] of CLASSES) if (list.check(address, type)) return cls;
  const embedded = family === 6 ? isatapV4(address) : undefined;
  return embedded === undefined ? undefined : classifyAddress(embedded);
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

/** The operator's allowlist, built once per list (the config's array is reused per push). */
const allowLists = new WeakMap<readonly string[], BlockList>();

function allowList(options: EgressOptions): BlockList | undefined {
  const cidrs = options.allowedCidrs;
  if (!cidrs || cidrs.length === 0) return undefined;
  let list = allowLists.get(cidrs);
  if (!list) allowLists.set(cidrs, (list = blockList(cidrs)));
  return list;
}

function admitted(cls: AddressClass | undefined, address: string, allow?: BlockList): boolean {
  if (cls === undefined) return true;
  if (!allow || !ALLOWABLE.has(cls)) return false;
  return allow.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The port a URL reaches: its own, or its scheme's default. */
function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'http:' ? 80 : 443;
}

const systemResolver: Resolver = async (hostname) => {
  const all = await dnsLookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** The guard's options of the push delivery settings (config.ts `a2a.push`). */
export function egressOptionsOf(cfg: {
  allowedCidrs: readonly string[];
  allowedPorts: readonly number[];
  allowHttp: boolean;
}): EgressOptions {
  return {
    allowedCidrs: cfg.allowedCidrs,
    allowedPorts: cfg.allowedPorts,
    allowHttp: cfg.allowHttp,
  };
}

/** Parses, judges and resolves `raw`; throws EgressRefused with a reason that names no address. */
export async function checkEgress(raw: string, options: EgressOptions = {}): Promise<EgressTarget> {
  const what = options.subject ?? 'push';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EgressRefused(`the ${what} URL is not an absolute URL`);
  }
  const httpOk = url.protocol === 'http:' && options.allowHttp === true;
  if (url.protocol !== 'https:' && !httpOk) {
    throw new EgressRefused(`the ${what} URL must use https`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new EgressRefused(`the ${what} URL must not carry credentials`);
  }
  if (!(options.allowedPorts ?? DEFAULT_PUSH_PORTS).includes(portOf(url))) {
    throw new EgressRefused(`the ${what} URL's port ${portOf(url)} is not allowed`);
  }
  const allow = allowList(options);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const byName = classifyName(hostname);
  // A loopback name passes only when the operator admits loopback; its addresses are judged next.
  if (!admitted(byName, byName === 'loopback' ? '127.0.0.1' : '0.0.0.0', allow)) {
    throw new EgressRefused(`the ${what} host is refused (${byName})`);
  }
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal !== 0) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      throw new EgressRefused(`the ${what} host does not resolve`);
    }
    if (addresses.length === 0) throw new EgressRefused(`the ${what} host does not resolve`);
  }
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (!admitted(cls, a.address, allow)) {
      throw new EgressRefused(`the ${what} host resolves to a refused address (${cls})`);
    }
  }
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: first.family };
}

/**
 * The lookup of a request to `target`: the guard's checked address and nothing else, so the
 * connect cannot resolve the name a second time (a rebinding DNS answer never reaches it).
 */
export function pinnedLookup(target: EgressTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else callback(null, target.address, target.family);
  };
}
