// The negotiation algorithm (interop.md §Negotiation is a protocol; DESIGN.md §5), over the
// generated tables, including a downgrade above the floor and the fail-closed floor.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareVersions, negotiationTables } from '../../generated/negotiation/tables.ts';
import { validateNegotiationDecided } from '../../generated/validators/standalone.js';
import { decide } from '../../runtime/negotiation/decide.ts';
import { decisionPayload, peerDigest } from '../../runtime/negotiation/record.ts';
import { evaluateFacet, isStale, StaleFacetError } from '../../runtime/negotiation/refresh.ts';

const rules = { tables: negotiationTables, compare: compareVersions };
const a2a = 'a2a' as const;
const mcp = 'mcp' as const;
const offered = { versions: ['1.0', '1.1', '1.2'], preferred: '1.2', floor: '1.1' };

describe('decide', () => {
  it('remembers decisions by their inputs: a changed offer or request is decided afresh', () => {
    const first = decide(rules, a2a, offered, { requested: '1.1', authenticated: true });
    expect(decide(rules, a2a, { ...offered }, { requested: '1.1', authenticated: true })).toBe(
      first,
    );
    expect(Object.isFrozen(first)).toBe(true);
    // The same request unauthenticated is a refused downgrade, not the cached acceptance.
    expect(decide(rules, a2a, offered, { requested: '1.1', authenticated: false }).reason).toBe(
      'unauthenticated',
    );
    // The operator raises the floor: the same request is now below it.
    const raised = { ...offered, floor: '1.2' };
    expect(decide(rules, a2a, raised, { requested: '1.1', authenticated: true }).reason).toBe(
      'below-floor',
    );
    // Many distinct client-chosen values (the cache empties when full) and an over-long one.
    for (let i = 0; i < 600; i++) {
      expect(decide(rules, a2a, offered, { requested: `9.${i}`, authenticated: true }).reason).toBe(
        'unsupported',
      );
    }
    const long = `1.${'1'.repeat(200)}`;
    expect(decide(rules, a2a, offered, { requested: long, authenticated: true })).toMatchObject({
      outcome: 'refused',
      requested: long,
    });
    expect(decide(rules, a2a, offered, { requested: '1.1', authenticated: true })).toEqual(first);
  });
  it('serves preferred when nothing is requested', () => {
    expect(decide(rules, a2a, offered, { authenticated: false })).toEqual({
      outcome: 'accepted',
      reason: 'ok',
      version: '1.2',
      floor: '1.1',
    });
  });
  it('refuses below the floor, authenticated or not', () => {
    for (const authenticated of [true, false]) {
      expect(decide(rules, a2a, offered, { requested: '1.0', authenticated })).toEqual({
        outcome: 'refused',
        reason: 'below-floor',
        floor: '1.1',
        requested: '1.0',
      });
    }
  });
  it('refuses a version that is not offered, or not a version at all', () => {
    expect(decide(rules, a2a, offered, { requested: '1.3', authenticated: true }).reason).toBe(
      'unsupported',
    );
    expect(decide(rules, a2a, offered, { requested: 'latest', authenticated: true })).toEqual({
      outcome: 'refused',
      reason: 'unsupported',
      floor: '1.1',
      requested: 'latest',
    });
  });
  it('downgrades above the floor only for an authenticated peer', () => {
    expect(decide(rules, a2a, offered, { requested: '1.1', authenticated: true })).toEqual({
      outcome: 'accepted',
      reason: 'ok',
      version: '1.1',
      floor: '1.1',
      requested: '1.1',
    });
    expect(decide(rules, a2a, offered, { requested: '1.1', authenticated: false })).toEqual({
      outcome: 'refused',
      reason: 'unauthenticated',
      floor: '1.1',
      requested: '1.1',
    });
  });
  it('orders MCP revisions as dates', () => {
    const revs = {
      versions: ['2025-11-25', '2026-07-28'],
      preferred: '2026-07-28',
      floor: '2026-07-28',
    };
    expect(decide(rules, mcp, revs, { requested: '2025-11-25', authenticated: true }).reason).toBe(
      'below-floor',
    );
    expect(
      decide(rules, mcp, revs, { requested: '2026-07-28', authenticated: false }).version,
    ).toBe('2026-07-28');
  });
});

describe('negotiation.decided payload', () => {
  it('is content-free and validates against the generated schema', () => {
    const at = new Date('2026-11-30T00:00:00Z');
    const p = decisionPayload(
      validateNegotiationDecided,
      'a2a',
      decide(rules, a2a, offered, { requested: '9.9', authenticated: true }),
      'https://peer.example',
      at,
    );
    expect(p).toEqual({
      protocol: 'a2a',
      outcome: 'refused',
      at: '2026-11-30T00:00:00.000Z',
      floor: '1.1',
      peerDigest: peerDigest('https://peer.example'),
      reason: 'unsupported',
      requested: '9.9',
    });
    expect(p.peerDigest).toMatch(/^[0-9a-f]{64}$/);
    // The SHA-256 of the origin, remembered or not (the memo empties when full).
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
    expect(p.peerDigest).toBe(sha('https://peer.example'));
    for (let i = 0; i < 1500; i++)
      expect(peerDigest(`tcp://10.0.0.${i}`)).toBe(sha(`tcp://10.0.0.${i}`));
    expect(peerDigest('https://peer.example')).toBe(sha('https://peer.example'));
    expect(JSON.stringify(p)).not.toContain('peer.example');
    expect(validateNegotiationDecided(p)).toBe(true);
    expect(validateNegotiationDecided({ ...p, origin: 'https://peer.example' })).toBe(false);
  });

  it('checks every payload of a decision until one passed; a bad decision is refused each time', () => {
    const at = new Date('2026-11-30T00:00:00Z');
    const bad = Object.freeze({ outcome: 'accepted', reason: 'bogus', floor: '1.0' } as const);
    for (let i = 0; i < 2; i++) {
      expect(() =>
        decisionPayload(
          validateNegotiationDecided,
          'a2a',
          bad as unknown as Parameters<typeof decisionPayload>[2],
          'o',
          at,
        ),
      ).toThrow(/negotiation.decided payload invalid/);
    }
    const good = decide(rules, a2a, offered, { authenticated: true });
    const first = decisionPayload(validateNegotiationDecided, 'a2a', good, 'tcp://a', at);
    const again = decisionPayload(
      validateNegotiationDecided,
      'a2a',
      good,
      'tcp://b',
      new Date('2026-12-01T00:00:00Z'),
    );
    expect(validateNegotiationDecided(first)).toBe(true);
    expect(validateNegotiationDecided(again)).toBe(true);
    expect(again).toMatchObject({
      at: '2026-12-01T00:00:00.000Z',
      peerDigest: peerDigest('tcp://b'),
    });
  });
});

describe('refresh SLA', () => {
  const today = new Date('2026-11-30T12:00:00Z');
  it('returns today for a consistent facet', () => {
    expect(
      evaluateFacet(rules, 'a2a', { versions: ['1.0'], preferred: '1.0', floor: '1.0' }, 90, today),
    ).toBe('2026-11-30');
  });
  it('refuses an inconsistent facet, naming every problem', () => {
    const bad = () =>
      evaluateFacet(
        rules,
        'a2a',
        { versions: ['1.0'], preferred: '1.1', floor: '0.3' },
        120,
        today,
      );
    expect(bad).toThrow(StaleFacetError);
    expect(bad).toThrow(
      /preferred version "1.1" is not offered; floor "0.3" is not offered; refresh window of 120 days is outside 1–90/,
    );
    expect(() =>
      evaluateFacet(
        rules,
        'a2a',
        { versions: ['1.0', '2.0'], preferred: '1.0', floor: '1.0' },
        90,
        today,
      ),
    ).toThrow(/"2.0" is offered but this build implements only 1.0/);
  });
  it('knows when an advertisement is stale or from the future', () => {
    expect(isStale('2026-09-01', 90, today)).toBe(false);
    expect(isStale('2026-08-31', 90, today)).toBe(true);
    expect(isStale('2026-12-01', 90, today)).toBe(true);
    expect(isStale('not-a-date', 90, today)).toBe(true);
  });
});
