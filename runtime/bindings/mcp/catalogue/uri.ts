// Resource URI checks for `resources/read` (the map's `prompts/get | resources/read` row:
// "resource URIs are normalized, refuse path traversal, and accept only schemes on the host
// allowlist"). A URI is refused before any lookup; traversal is refused, never collapsed, so that
// `x://a/../b` cannot reach `x://b` by normalization.

export type UriRefusal = 'malformed' | 'path-traversal' | 'scheme-not-allowed';

export interface CheckedUri {
  /** RFC 3986 §6.2.2 syntax-normalized: lower-case scheme, unreserved octets decoded, hex upper-case. */
  uri: string;
  scheme: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** RFC 3986 characters only (unreserved, reserved, `%`); no space, control or `\`. */
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/** A `..` segment; `;` ends one too (`..;` is traversal to some path parsers). */
const DOT_DOT = /(^|[/\\])\.\.([/\\?#;]|$)/;

function decodeOctets(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

/** Whether `hierPart` holds a `..` segment, literally or percent-encoded (once or repeatedly). */
function traverses(hierPart: string): boolean {
  let s = hierPart;
  for (let i = 0; i < 8; i++) {
    if (DOT_DOT.test(s)) return true;
    const decoded = decodeOctets(s);
    if (decoded === s) return false;
    s = decoded;
  }
  return true; // still encoded after eight rounds: refuse rather than guess
}

/** The URI in normalized form, or why it is refused; `allowed` holds lower-case schemes. */
export function checkResourceUri(raw: string, allowed: readonly string[]): CheckedUri | UriRefusal {
  const m = SCHEME.exec(raw);
  if (!m || !URI_CHARS.test(raw) || BAD_PERCENT.test(raw)) return 'malformed';
  const scheme = m[1]!.toLowerCase();
  const rest = raw.slice(m[0].length);
  if (traverses(rest)) return 'path-traversal';
  if (!allowed.includes(scheme)) return 'scheme-not-allowed';
  return { uri: normalizeSyntax(raw), scheme };
}

/**
 * Case and percent-encoding normalization (RFC 3986 §6.2.2.1–2) without any check: a lower-case
 * scheme, unreserved octets decoded, other octets with upper-case hex. Also applied to the literal
 * parts of a URI template, whose `{var}` expressions it leaves alone.
 */
export function normalizeSyntax(raw: string): string {
  const m = SCHEME.exec(raw);
  const head = m ? m[1]!.toLowerCase() + ':' : '';
  return (
    head +
    raw.slice(m ? m[0].length : 0).replace(/%([0-9A-Fa-f]{2})/g, (pct, hex: string) => {
      const ch = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(ch) ? ch : pct.toUpperCase();
    })
  );
}

export function isRefusal(v: CheckedUri | UriRefusal): v is UriRefusal {
  return typeof v === 'string';
}

export const REFUSAL_MESSAGES: Record<UriRefusal, string> = {
  malformed: 'resource URI refused: not an absolute RFC 3986 URI',
  'path-traversal': 'resource URI refused: path traversal',
  'scheme-not-allowed': 'resource URI refused: scheme not on the host allowlist',
};
