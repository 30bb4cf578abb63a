// Parsed YAML kept as JSON in the artifact cache (store.ts), under the digest of the file's text:
// a warm regeneration after a map edit does not parse the unchanged OpenAPI and AsyncAPI
// documents again (parsing YAML is most of loading them; JSON.parse is many times faster).
// Only data that JSON carries without loss is kept: anything else is parsed every time.
import type { ArtifactCache } from './store.ts';

const STEP = 'yaml-data';

export interface ParsedCache {
  get(text: string): unknown;
  set(text: string, data: unknown): void;
}

/** `cache` as a store of parsed YAML, keyed by the file's text. */
export function parsedYamlCache(cache: ArtifactCache): ParsedCache {
  return {
    get(text) {
      const hit = cache.get(STEP, text);
      return hit === undefined ? undefined : (JSON.parse(hit) as unknown);
    },
    set(text, data) {
      if (jsonSafe(data, 0)) cache.set(STEP, text, JSON.stringify(data));
    },
  };
}

/**
 * Whether JSON.parse(JSON.stringify(value)) gives back an equal value: plain objects and arrays of
 * strings, booleans, null and finite numbers (not -0). The loader has already refused anything
 * nested deeper than its limit, so the recursion is bounded.
 */
function jsonSafe(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (typeof value !== 'object' || depth > 1000) return false;
  if (Array.isArray(value)) return value.every((v) => jsonSafe(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => jsonSafe(v, depth + 1));
}
