import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  mintEventId,
  mintInterruptId,
  mintRunId,
  parseWireId,
  projectId,
  tenantOf,
} from '../../runtime/ids.ts';

describe('ids', () => {
  it('mints <tenant>/<opaque> with ≥128 bits of base64url', () => {
    const id = mintRunId('acme');
    const [tenant, opaque] = id.split('/');
    expect(tenant).toBe('acme');
    expect(opaque).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(opaque!, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(new Set(Array.from({ length: 1000 }, () => mintRunId('acme'))).size).toBe(1000);
    expect(tenantOf(id)).toBe('acme');
    expect(() => mintRunId('Bad Tenant')).toThrow();
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
    expect(parseWireId(id)).toBe(id);
    expect(parseWireId('acme~2Fshort')).toBeUndefined();
    expect(parseWireId(`acme~2${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme${opaque}`)).toBeUndefined();
    expect(parseWireId(`acme~2F${opaque}~2Fx`)).toBeUndefined();
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
