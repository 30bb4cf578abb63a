// The artifact cache of the generation under way, for the steps inside emitters that call a
// costly library (json-schema-to-typescript, ajv's standalone code): the pipeline runs the emit
// stage inside `withArtifactCache`, and such a step asks `cachedStep` instead of threading the
// cache through every emitter's signature. Outside a generation with a cache, a step just runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ArtifactCache } from './store.ts';

const current = new AsyncLocalStorage<ArtifactCache>();

export function withArtifactCache<T>(cache: ArtifactCache | undefined, run: () => T): T {
  return cache ? current.run(cache, run) : run();
}

/**
 * `compute()`, or what it returned for the same `input` (compared as JSON) in an earlier run of
 * this generator build. `compute` must depend on nothing but `input`.
 */
export function cachedStep(step: string, input: unknown, compute: () => string): string {
  const cache = current.getStore();
  if (!cache) return compute();
  const key = JSON.stringify(input);
  const hit = cache.get(step, key);
  if (hit !== undefined) return hit;
  const value = compute();
  cache.set(step, key, value);
  return value;
}

/** `cachedStep` for an asynchronous step. */
export async function cachedAsyncStep(
  step: string,
  input: unknown,
  compute: () => Promise<string>,
): Promise<string> {
  const cache = current.getStore();
  if (!cache) return compute();
  return cache.through(step, JSON.stringify(input), compute);
}
