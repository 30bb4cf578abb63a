// emitNegotiation: one table per facet family with the header, version grammar, pins and fields.
import { describe, expect, it } from 'vitest';
import { emitNegotiation } from '../../../generator/emit/negotiation.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface Table {
  protocol: string;
  header: string;
  pattern: RegExp;
  ordering: string;
  pinned: string;
  profile: string;
  profilePattern: RegExp | null;
  source: string;
}
interface Module {
  negotiationTables: Record<string, Table>;
  compareVersions(t: Table, a: string, b: string): number;
}

describe('emitNegotiation', () => {
  const model = bundledModel();
  const file = emitNegotiation(model);
  const mod = runEmitted(file) as unknown as Module;

  it('has a table per family with the protocol header and the pinned version', () => {
    expect(file.path).toBe('negotiation/tables.ts');
    expect(importLines(file)).toEqual([]);
    expect(file.body).toMatch(/^export type InteropProtocol = "a2a" \| "mcp";/);
    const { a2a, mcp } = mod.negotiationTables;
    expect(a2a).toMatchObject({
      protocol: 'a2a',
      header: 'A2A-Version',
      ordering: 'numeric',
      pinned: model.a2a.negotiated,
      profile: `a2a-${model.a2a.negotiated}`,
    });
    expect(mcp).toMatchObject({
      header: 'MCP-Protocol-Version',
      ordering: 'date',
      pinned: '2026-07-28',
      profile: 'mcp-2026-07-28',
    });
    for (const f of model.facets) {
      const t = mod.negotiationTables[f.family]!;
      expect(t.pattern.source).toBe(new RegExp(f.versionPattern).source);
      expect(t.source).toBe(f.origin.file);
      expect(t.profilePattern?.source ?? null).toBe(
        f.profilePattern ? new RegExp(f.profilePattern).source : null,
      );
    }
  });

  it('compares versions by the family ordering', () => {
    const { a2a, mcp } = mod.negotiationTables;
    expect(mod.compareVersions(a2a!, '1.10', '1.9')).toBeGreaterThan(0);
    expect(mod.compareVersions(a2a!, '1.0', '1.0')).toBe(0);
    expect(mod.compareVersions(mcp!, '2025-06-18', '2026-07-28')).toBeLessThan(0);
  });

  it('declares `never` without facets', () => {
    const m = bundledModel();
    m.facets = [];
    expect(emitNegotiation(m).body).toMatch(/^export type InteropProtocol = never;/);
  });
});
