// Discovery: unauthenticated, closed v2 document validated by the generated validator, ETag/304,
// never `supportedTransports`, `grpc` or root `profiles`; the host refuses an inconsistent facet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDiscoveryDocument } from '../../generated/validators/standalone.js';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.stop();
  removeDir(h.dir);
});

describe('GET /.well-known/openwop', () => {
  it('serves the closed v2 document without credentials', async () => {
    const r = await fetch(`${h.url}/.well-known/openwop`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as Record<string, unknown>;
    expect(validateDiscoveryDocument(doc)).toBe(true);
    expect(Object.keys(doc).sort()).toEqual([
      'a2a',
      'agents',
      'fixtures',
      'hostEvents',
      'implementation',
      'mcp',
      'preferredVersion',
      'protocolVersions',
      'runList',
    ]);
    expect(doc['mcp']).toEqual({
      revisions: ['2026-07-28'],
      preferredVersion: '2026-07-28',
      minimumRevision: '2026-07-28',
      refreshedAt: new Date().toISOString().slice(0, 10),
      profiles: ['mcp-2026-07-28'],
      features: ['server-discover', 'mrtr', 'cacheable-lists', 'extensions'],
      serverUrls: [`${h.url}/mcp`],
      serverMount: { transports: ['streamable-http', 'stdio'] },
      mrtr: { maxRounds: 4 },
    });
    expect(doc['a2a']).toEqual({
      versions: ['1.0'],
      preferredVersion: '1.0',
      minimumVersion: '1.0',
      refreshedAt: new Date().toISOString().slice(0, 10),
      profiles: ['a2a-1.0'],
      agentCardUrl: `${h.url}/.well-known/agent-card.json`,
      streaming: true,
      pushNotifications: true,
      durableTasks: true,
      agentCards: true,
    });
    // The development egress setting is off by default, so no extension record says it is on.
    expect(doc['extensions']).toBeUndefined();
    expect(doc['hostEvents']).toEqual({
      types: [{ type: 'negotiation.decided', delivery: 'durable' }],
    });
    expect(doc['fixtures']).toEqual([
      'conformance-approval',
      'conformance-approval-approvers',
      'conformance-cancellable',
      'conformance-clarification',
      'conformance-clarification-nested',
      'conformance-clarification-sensitive',
      'conformance-credential',
      'conformance-delay',
      'conformance-failure',
      'conformance-noop',
    ]);
    const text = JSON.stringify(doc);
    for (const banned of ['supportedTransports', 'grpc', '-legacy'])
      expect(text).not.toContain(banned);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${h.url}/.well-known/openwop`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const second = await fetch(`${h.url}/.well-known/openwop`, {
      headers: { 'if-none-match': etag },
    });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(
      (await fetch(`${h.url}/.well-known/openwop`, { headers: { 'if-none-match': '"other"' } }))
        .status,
    ).toBe(200);
  });

  it('is what the generated validator rejects once a transport list is added', async () => {
    const doc = (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as Record<
      string,
      unknown
    >;
    expect(validateDiscoveryDocument({ ...doc, supportedTransports: ['rest'] })).toBe(false);
    expect(validateDiscoveryDocument({ ...doc, grpc: {} })).toBe(false);
    expect(validateDiscoveryDocument({ ...doc, profiles: ['a2a-1.0'] })).toBe(false);
  });
});

describe('start-up with an inconsistent facet', () => {
  it('refuses to start and says why', async () => {
    await expect(startHost({ config: (c) => (c.a2a.preferredVersion = '1.1') })).rejects.toThrow(
      /the a2a facet cannot be advertised: preferred version "1.1" is not offered/,
    );
    await expect(startHost({ config: (c) => (c.refreshWindowDays = 91) })).rejects.toThrow(
      /refresh window of 91 days is outside 1–90/,
    );
  });
});
