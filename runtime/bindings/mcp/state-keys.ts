// The HMAC keys of MCP `requestState` (request-state.ts), shared by every host of a deployment
// through the store: one current key signs, the current and the previous key
// verify. Rotating moves the current key to "previous" and stores a fresh one, so a round minted
// just before a rotation still completes on any host; a key two rotations old no longer verifies.
// Hosts re-read the ring every KEY_CACHE_MS, and at once when a token matches none of the keys
// they hold (it may be signed by a key another host has rotated in meanwhile). With a key-encryption
// key the ring is stored sealed (sealed-keys.ts), and a key found in clear is sealed in place.
import { randomBytes } from 'node:crypto';
import type { KeyValueStore } from '../../ports/store/binding-state.ts';
import { keySeal, type KeySeal } from './sealed-keys.ts';

export const KEY_KV = 'mcp.requestState.hmacKey';
export const PREVIOUS_KEY_KV = 'mcp.requestState.hmacKey.previous';
const KEY_CACHE_MS = 10_000;

export type StateKeyStore = Pick<KeyValueStore, 'getKv' | 'setKv' | 'setKvIfAbsent'>;

export interface KeyRing {
  /** Signs new tokens. */
  current: Buffer;
  /** Every key a token may be signed with (current first). */
  accepted: Buffer[];
}

const fresh = (): string => randomBytes(32).toString('base64');

/** Moves the current key to "previous" and stores a new current key (run on one host at a time). */
export async function rotateStateKey(kv: StateKeyStore, kek?: string): Promise<void> {
  const seal = keySeal(kek);
  const current = await kv.setKvIfAbsent(KEY_KV, seal.seal(fresh()));
  await kv.setKv(PREVIOUS_KEY_KV, seal.seal(seal.open(current)));
  await kv.setKv(KEY_KV, seal.seal(fresh()));
}

/** The ring as the store holds it, cached for a short while (a configured secret never rotates). */
export class StateKeys {
  private cached: { ring: Promise<KeyRing>; at: number } | undefined;
  private readonly seal: KeySeal;

  constructor(
    private readonly secret: string | undefined,
    private readonly kv: StateKeyStore,
    private readonly clock: () => number = Date.now,
    kek?: string,
  ) {
    this.seal = keySeal(kek);
  }

  ring(): Promise<KeyRing> {
    const now = this.clock();
    if (!this.cached || now - this.cached.at > KEY_CACHE_MS) {
      const ring = this.read();
      ring.catch(() => (this.cached = undefined));
      this.cached = { ring, at: now };
    }
    return this.cached.ring;
  }

  /** Drops the cached ring (a token matched none of its keys); true when there was one to drop. */
  forget(): boolean {
    if (this.secret !== undefined || !this.cached) return false;
    this.cached = undefined;
    return true;
  }

  private async read(): Promise<KeyRing> {
    if (this.secret) {
      const key = Buffer.from(this.secret, 'utf8');
      return { current: key, accepted: [key] };
    }
    // First writer wins, so every host sharing the store signs with one key.
    const current = await this.opened(
      KEY_KV,
      await this.kv.setKvIfAbsent(KEY_KV, this.seal.seal(fresh())),
    );
    const stored = await this.kv.getKv(PREVIOUS_KEY_KV);
    const previous = stored === undefined ? undefined : await this.opened(PREVIOUS_KEY_KV, stored);
    return { current, accepted: previous === undefined ? [current] : [current, previous] };
  }

  /** The key of a stored value; one in clear is sealed in place when this host seals. */
  private async opened(name: string, stored: string): Promise<Buffer> {
    const { clear, reseal } = this.seal.keep(stored);
    // Racing hosts write the same key under different IVs: either write is right.
    if (reseal !== undefined) await this.kv.setKv(name, reseal);
    return Buffer.from(clear, 'base64');
  }
}
