// The parsed request target the host hands its handlers (runtime/host/server.ts): remembered per
// target and base URL, never across a base URL change, and never for a target with a query.
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../runtime/host/server.ts';

describe('requestUrl', () => {
  it('parses as new URL does, whatever it remembers', () => {
    for (const target of ['/a2a/jsonrpc', '/mcp', '/runs/r1?limit=2', '/a/../mcp', '/x#frag']) {
      for (const base of ['http://127.0.0.1:1', 'https://h.example/openwop']) {
        for (let i = 0; i < 2; i++) {
          expect(requestUrl(target, base).href).toBe(new URL(target, base).href);
        }
      }
    }
  });

  it('one object per target and base; a new base URL or a query parses afresh', () => {
    const a = requestUrl('/a2a/jsonrpc', 'http://127.0.0.1:1');
    expect(requestUrl('/a2a/jsonrpc', 'http://127.0.0.1:1')).toBe(a);
    const b = requestUrl('/a2a/jsonrpc', 'http://127.0.0.1:2');
    expect(b).not.toBe(a);
    expect(b.origin).toBe('http://127.0.0.1:2');
    const q1 = requestUrl('/runs?limit=1', 'http://127.0.0.1:2');
    expect(requestUrl('/runs?limit=1', 'http://127.0.0.1:2')).not.toBe(q1);
    expect(q1.searchParams.get('limit')).toBe('1');
    // Many distinct targets (the memo empties when full): each still parses right.
    for (let i = 0; i < 600; i++) {
      expect(requestUrl(`/runs/r${i}`, 'http://127.0.0.1:2').pathname).toBe(`/runs/r${i}`);
    }
  });
});
