import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  mintEventId,
  mintInterruptId,
  mintRunId,
  decodeWireId,
  parseWireId,
  projectId,
  tenantOf,
  uuidV7,
} from '../../runtime/ids.ts';

describe('ids', () => {
  it('mints <tenant>/<opaque> with ≥128 bits of base64url', () => {
    const id = mintRunId('acme');
    const [tenant, opaque] = id.split('/');
    expect(tenant).toBe('acme');
    expect(opaque).toMatch(/^[0-9a-v]{9}[A-Za-z0-9_-]{22}$/);
    // After the 9-digit time prefix: 128 random bits.
    expect(Buffer.from(opaque!.slice(9), 'base64url').length).toBe(16);
    expect(new Set(Array.from({ length: 1000 }, () => mintRunId('acme'))).size).toBe(1000);
    expect(tenantOf(id)).toBe('acme');
    expect(() => mintRunId('Bad Tenant')).toThrow();
  });

  it('mints run, interrupt and event ids whose text order is minting order', async () => {
    const first = [mintRunId('acme'), mintInterruptId('acme'), mintEventId()];
    const t0 = Date.now();
    while (Date.now() === t0) await new Promise((r) => setTimeout(r, 1));
    const later = [mintRunId('acme'), mintInterruptId('acme'), mintEventId()];
    first.forEach((id, i) => expect(id < later[i]!).toBe(true));
    // The prefix is the minting millisecond.
    const prefix = mintEventId().slice(0, 9);
    expect(Math.abs(parseInt(prefix, 32) - Date.now())).toBeLessThan(1000);
    expect(mintEventId()).toMatch(/^[A-Za-z0-9._~-]{16,128}$/);
  });

  it('mints UUIDv7 contexts whose text order is minting order', async () => {
    const first = uuidV7();
    const t0 = Date.now();
    while (Date.now() === t0) await new Promise((r) => setTimeout(r, 1));
    const later = uuidV7();
    expect(first < later).toBe(true);
    expect(later).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(parseInt(later.replace('-', '').slice(0, 12), 16) - Date.now())).toBeLessThan(
      1000,
    );
    expect(new Set(Array.from({ length: 1000 }, uuidV7)).size).toBe(1000);
  });

  it('projects every byte outside [A-Za-z0-9._-] as ~XX', () => {
    expect(projectId('acme/r-x')).toBe('acme~2Fr-x');
    expect(projectId('a~b')).toBe('a~7Eb');
    expect(projectId('é')).toBe('~C3~A9');
  });

  it('parses ~2F, %2F and raw forms back to the raw id', () => {
    const id = mintRunId('acme');
    const opaque = id.split('/')[1]!;
    expect(parseWireId(projectId(id))).toBe(id);
    expect(parseWireId(`acme%2F${opaque}`)).toBe(id);
    expect(parseWireId(`acme%2f${opaque}`)).toBe(id);
    // `%7E` is `~` (an unreserved character percent-encoded); each escape is decoded once.
    expect(parseWireId(`acme%7E2F${opaque}`)).toBe(id);
    expect(parseWireId(`acme%252F${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme%257E2F${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme~252F${opaque}`)).toBeUndefined();
    expect(parseWireId(id)).toBe(id);
    expect(parseWireId('acme~2Fshort')).toBeUndefined();
    expect(parseWireId(`acme~2${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme~2F${opaque}~2Fx`)).toBeUndefined();
    // Raw forms that are not runIds, on the path with no escape to decode.
    expect(parseWireId(`Acme/${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme/${opaque}/x`)).toBeUndefined();
    expect(parseWireId(`acme/${opaque} `)).toBeUndefined();
    expect(parseWireId(`acme/${opaque.slice(0, 3)}é${opaque.slice(3)}`)).toBeUndefined();
    expect(projectId(opaque)).toBe(opaque);
  });

  it('reads any segment as the byte-wise decoding does (property)', () => {
    const piece = fc.constantFrom(
      'acme',
      '/',
      '~2F',
      '%2f',
      '~7E',
      'A',
      '-',
      '_',
      '.',
      'é',
      ' ',
      '~',
    );
    const opaque = mintRunId('acme').split('/')[1]!;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.boolean(), (parts, withOpaque) => {
        const segment = parts.join('') + (withOpaque ? opaque : '');
        expect(parseWireId(segment)).toBe(decodeWireId(segment));
      }),
    );
  });

  it('round-trips any minted id (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/), (tenant) => {
        const id = mintRunId(tenant);
        expect(parseWireId(projectId(id))).toBe(id);
        expect(projectId(id)).toMatch(/^[A-Za-z0-9._~-]+$/);
      }),
    );
  });

  it('mints interrupt and event ids in their grammars', () => {
    expect(mintInterruptId('acme')).toMatch(/^acme\/[A-Za-z0-9._~-]{16,128}$/);
    expect(mintEventId()).toMatch(/^[A-Za-z0-9._~-]{16,128}$/);
  });
});
