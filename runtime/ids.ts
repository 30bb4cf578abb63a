// Mints and projects OpenWOP identifiers (run, interrupt, event ids) per DESIGN.md §5 "Ids"
// and identity.md §5 as cited by interop.md §"MCP tasks and cancellation" (projected runId = taskId).
import { createHash, randomBytes, randomFillSync } from 'node:crypto';

/** Tenant grammar that may prefix a runId (schemas/ids.schema.json#/$defs/runId). */
const RUN_TENANT = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** Full raw runId grammar: `<tenant>/<opaque>`, opaque ≥ 22 chars (schemas/ids.schema.json#/$defs/runId). */
const RAW_RUN_ID = /^([a-z0-9][a-z0-9-]{0,62})\/([A-Za-z0-9._~-]{22,128})$/;
/** Bytes written as-is in a projected id; every other byte becomes `~XX`. */
const UNRESERVED = /^[A-Za-z0-9._-]$/;
/** A projection of only unreserved bytes is the id itself. */
const ALL_UNRESERVED = /^[A-Za-z0-9._-]*$/;
/** A wire id with no escape decodes to itself (`/` kept: A2A Task.id carries the raw form). */
const PLAIN_WIRE_ID = /^[A-Za-z0-9._/-]*$/;

/**
 * Random bytes are drawn from a pool filled 4 KiB at a time: one CSPRNG call per 256 ids instead
 * of one per id (randomBytes was about 4% of a GetTask in a CPU profile). Each byte is
 * handed out once.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** Base64url of `bytes` random bytes (alphabet [A-Za-z0-9_-], no padding). */
export function randomOpaque(bytes = 16): string {
  if (bytes > POOL_SIZE) return randomBytes(bytes).toString('base64url');
  if (poolOffset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = pool.toString('base64url', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return out;
}

/**
 * A time-ordered opaque: the minting millisecond in 9 base32 digits ([0-9a-v], so text order is
 * time order until the year 3084), then 128 random bits. Rows keyed by it (runs, their events and
 * records, host events) land at the end of their B-tree rather than on a random page: random keys
 * made each insert dirty its own page, ~3× the cost of a host-event insert. The prefix
 * tells only when the id was minted; every id still carries the random bits DESIGN.md §5 asks for.
 */
export function orderedOpaque(): string {
  return Date.now().toString(32).padStart(9, '0') + randomOpaque(16);
}

/**
 * A UUID version 7 (RFC 9562): the minting millisecond, then 74 random bits; its text order is
 * minting order. The A2A contexts the host mints: a ListTasks by context pages from an index keyed
 * by it (SQLite migration 8), where a random UUID made each new task dirty a page of its own.
 */
export function uuidV7(): string {
  const b = Buffer.from(randomOpaque(16), 'base64url');
  b.writeUIntBE(Date.now(), 0, 6);
  return uuidText(b, 7);
}

/**
 * A UUID version 8 (RFC 9562 §5.8) whose custom bits are the first of sha256 over `parts`: the
 * same parts give the same UUID on every host and after every restart, and the UUID tells nothing
 * of them. The identities an outbound step gives its sends (engine/outbound/identity.ts).
 */
export function derivedUuid(...parts: string[]): string {
  const b = createHash('sha256').update(JSON.stringify(parts), 'utf8').digest().subarray(0, 16);
  return uuidText(b, 8);
}

/** 16 bytes as UUID text of `version`, the RFC 9562 variant bits set. */
function uuidText(b: Buffer, version: number): string {
  b[6] = (b[6]! & 0x0f) | (version << 4);
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function isRunTenant(tenant: string): boolean {
  return RUN_TENANT.test(tenant);
}

/** A fresh runId `<tenant>/<opaque>`: time-ordered, with 128 random bits (orderedOpaque). */
export function mintRunId(tenant: string): string {
  if (!isRunTenant(tenant))
    throw new Error(`tenant ${JSON.stringify(tenant)} cannot prefix a runId`);
  return `${tenant}/${orderedOpaque()}`;
}

/** A fresh interruptId `<tenant>/<opaque>` (schemas/ids.schema.json#/$defs/interruptId). */
export function mintInterruptId(tenant: string): string {
  return `${tenant}/${orderedOpaque()}`;
}

/** A fresh opaque eventId (schemas/ids.schema.json#/$defs/eventId). */
export function mintEventId(): string {
  return orderedOpaque();
}

export function isRawRunId(id: string): boolean {
  return RAW_RUN_ID.test(id);
}

/** The tenant segment of a raw runId, or undefined when `runId` is malformed. */
export function tenantOf(runId: string): string | undefined {
  return RAW_RUN_ID.exec(runId)?.[1];
}

/** Wire projection: one path segment, every byte outside [A-Za-z0-9._-] written `~XX` (upper hex). */
export function projectId(id: string): string {
  if (ALL_UNRESERVED.test(id)) return id;
  let out = '';
  for (const byte of Buffer.from(id, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out +=
      byte < 0x80 && UNRESERVED.test(ch)
        ? ch
        : `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Reverse of projectId for any projected id (a path segment already percent-decoded): every `~XX`
 * is the byte XX; undefined when a `~` is not followed by two hex digits.
 */
export function unprojectId(segment: string): string | undefined {
  if (!segment.includes('~')) return segment;
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    if (segment[i] === '~') {
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(segment[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Reverse of projectId for a path segment or taskId. Accepts `~XX` and, for clients that
 * percent-encode, `%XX` (so `%2F` as well as `~2F`), decoding each escape once: a double-encoded
 * `%252F` names no run. A percent-encoded unreserved character (`%7E` for `~`) is that character
 * (RFC 3986 §6.2.2.2). Returns the raw `<tenant>/<opaque>` or undefined when the segment does not
 * decode to a well-formed runId.
 */
export function parseWireId(segment: string): string | undefined {
  // Fast path: every A2A GetTask names its task in raw form (a per-byte walk was ~2% of its CPU).
  if (PLAIN_WIRE_ID.test(segment)) return isRawRunId(segment) ? segment : undefined;
  return decodeWireId(segment);
}

/** parseWireId byte by byte: its reading of any segment (the fast path must agree with it). */
export function decodeWireId(sent: string): string | undefined {
  const segment = sent.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return ch === '~' || UNRESERVED.test(ch) ? ch : escape;
  });
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === '~' || ch === '%') {
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (UNRESERVED.test(ch)) {
      bytes.push(ch.charCodeAt(0));
    } else if (ch === '/') {
      bytes.push(0x2f); // A2A Task.id carries the raw form; accept it unchanged.
    } else {
      return undefined;
    }
  }
  const raw = Buffer.from(bytes).toString('utf8');
  return isRawRunId(raw) ? raw : undefined;
}
