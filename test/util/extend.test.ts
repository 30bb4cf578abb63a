// extend (runtime/util/extend.ts) is a drop-in for `{ ...base, ...extra }`: same keys, same order,
// same values, a new object, and an own `__proto__` key from client JSON kept as a key.
import { describe, expect, it } from 'vitest';
import { extend } from '../../runtime/util/extend.ts';

const same = (base: object, extra: object) => {
  const got = extend(base, extra);
  const want = { ...base, ...extra };
  expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  expect(Object.keys(got)).toEqual(Object.keys(want));
  expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
  expect(got).not.toBe(base);
};

describe('extend', () => {
  it('matches a spread: new keys after the base, shared keys in the base position', () => {
    const m = JSON.parse('{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}') as object;
    same(m, { taskId: 't', contextId: 'c' });
    same(JSON.parse('{"taskId":"old","role":"r","contextId":"x"}') as object, {
      contextId: 'c',
      taskId: 't',
    });
    same({}, { a: 1 });
    same({ a: 1, b: undefined }, {});
    same({ 2: 'two', a: 1, 1: 'one' }, { 0: 'zero', z: 2 });
  });

  it('keeps an own __proto__ key as a key, never as the prototype', () => {
    const evil = JSON.parse('{"__proto__":{"polluted":true},"role":"r"}') as object;
    const got = extend(evil, { taskId: 't' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(got['polluted']).toBeUndefined();
    expect(JSON.stringify(got)).toBe('{"__proto__":{"polluted":true},"role":"r","taskId":"t"}');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
