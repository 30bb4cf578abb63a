// IPv6 addresses as their eight 16-bit groups, for the rules that look inside one: the egress
// guard's ISATAP check (an IPv4 address in the interface identifier) and the per-address socket cap
// (a client's /64 is one address, since an IPv6 host is handed a whole /64).
import { isIP } from 'node:net';

/** The eight groups of an IPv6 address (a trailing dotted quad included); undefined otherwise. */
export function ipv6Hextets(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    const hi = ((a << 8) | b).toString(16);
    const lo = ((c << 8) | d).toString(16);
    text = `${text.slice(0, quad.index)}${hi}:${lo}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<number>(fill).fill(0), ...right];
  return all.length === 8 ? all : undefined;
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) carries, else undefined. */
export function mappedIpv4(address: string): string | undefined {
  const h = ipv6Hextets(address);
  if (!h || h.slice(0, 5).some((x) => x !== 0) || h[5] !== 0xffff) return undefined;
  return dottedQuad(h[6]!, h[7]!);
}

/** a.b.c.d of two 16-bit groups. */
export function dottedQuad(hi: number, lo: number): string {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}
