// BoundedMemo (runtime/util/bounded-memo.ts): one computation per key while it is kept, and never
// more than `max` keys, whatever a peer sends.
import { describe, expect, it } from 'vitest';
import { BoundedMemo } from '../../runtime/util/bounded-memo.ts';

describe('BoundedMemo', () => {
  it('computes a key once while it is kept', () => {
    const memo = new BoundedMemo<string, number>(4);
    const calls: string[] = [];
    const len = (k: string) => (calls.push(k), k.length);
    expect([memo.get('ab', len), memo.get('ab', len), memo.get('xyz', len)]).toEqual([2, 2, 3]);
    expect(calls).toEqual(['ab', 'xyz']);
  });

  it('is emptied when full, so a new key costs every kept key its value', () => {
    const memo = new BoundedMemo<number, number>(2);
    const calls: number[] = [];
    const sq = (k: number) => (calls.push(k), k * k);
    memo.get(1, sq);
    memo.get(2, sq);
    memo.get(3, sq); // full: 1 and 2 go
    memo.get(3, sq);
    memo.get(1, sq);
    expect(calls).toEqual([1, 2, 3, 1]);
  });

  it('clear() forgets every key', () => {
    const memo = new BoundedMemo<string, object>(8);
    const first = memo.get('k', () => ({}));
    memo.clear();
    expect(memo.get('k', () => ({}))).not.toBe(first);
  });
});
