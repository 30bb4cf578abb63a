// W3C Trace Context parsing and adoption (interop.md §"Trace context"): valid values kept, malformed
// ones ignored (never an error), the in-message pair preferred over the header pair.
import { describe, expect, it } from 'vitest';
import { adoptTrace, parseTraceparent, parseTracestate } from '../../runtime/util/trace-context.ts';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TP2 = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';

describe('parseTraceparent', () => {
  it('accepts a version-00 value and a later version with extra fields', () => {
    expect(parseTraceparent(TP)).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
    expect(parseTraceparent(`cc-${TP.slice(3)}-what-the-future-holds`)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
  });

  it.each([
    ['uppercase hex', TP.toUpperCase()],
    ['version ff', `ff-${TP.slice(3)}`],
    ['all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['all-zero parent id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['short trace id', '00-4bf92f3577b34da6a3ce929d0e0e47-00f067aa0ba902b7-01'],
    ['version 00 with extra fields', `${TP}-extra`],
    ['not a string', 42],
    ['empty', ''],
  ])('ignores %s', (_why, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('parseTracestate', () => {
  it('keeps valid members, trimmed', () => {
    expect(parseTracestate('congo=t61rcWkgMzE, rojo=00f067aa0ba902b7')).toBe(
      'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7',
    );
    expect(parseTracestate('tenant@vendor=abc')).toBe('tenant@vendor=abc');
  });

  it.each([
    ['an uppercase key', 'Congo=x'],
    ['a duplicate key', 'a=1,a=2'],
    ['no value', 'a='],
    ['33 members', Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')],
    ['a comma in the value', 'a=1=,'],
  ])('ignores %s', (_why, value) => {
    expect(parseTracestate(value)).toBeUndefined();
  });
});

describe('adoptTrace', () => {
  it('prefers the in-message pair, its tracestate travelling with it', () => {
    expect(
      adoptTrace({ traceparent: TP, tracestate: 'a=1' }, { traceparent: TP2, tracestate: 'b=2' }),
    ).toEqual({ traceparent: TP, traceId: TP.slice(3, 35), tracestate: 'a=1' });
  });

  it('ignores a malformed in-message value and falls back to the header', () => {
    expect(adoptTrace({ traceparent: 'garbage', tracestate: 'a=1' }, { traceparent: TP2 })).toEqual(
      { traceparent: TP2, traceId: TP2.slice(3, 35) },
    );
  });

  it('adopts nothing when neither carrier is valid, and drops a malformed tracestate', () => {
    expect(adoptTrace(undefined, { traceparent: 'x' })).toBeUndefined();
    expect(adoptTrace({ traceparent: TP, tracestate: 'BAD' }, {})).toEqual({
      traceparent: TP,
      traceId: TP.slice(3, 35),
    });
  });
});
