// The input digest inside package.json is formatted as a same-length placeholder and put back
// (generator/emit/support/format.ts), so that an edit, which changes only the digest there, finds
// package.json's formatting in the artifact cache. The result must be what prettier gives for the
// body with the real digest, and a body where the digest cannot be told apart is formatted as is.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactCache } from '../../../generator/cache/store.ts';
import { formatFiles, prettierFormat } from '../../../generator/emit/support/format.ts';
import type { EmittedFile } from '../../../generator/emit/source-file.ts';

const digestA = 'a'.repeat(63) + '1';
const digestB = '0123456789abcdef'.repeat(4);

// Laid out unlike prettier (one line, odd spacing), so formatting has work to do.
const body = (digest: string, extra = '') =>
  `{ "name":"@wopgen/generated", "exports": {".": {"types": "./dist/index.d.ts","default":"./dist/index.js"}},` +
  ` "wopgen": { "regenerate": "npx wopgen generate --spec spec --out generated", "inputDigest": "sha256:${digest}"${extra} } }`;

const packageJson = (digest: string, extra = ''): EmittedFile => ({
  path: 'package.json',
  from: [],
  body: body(digest, extra),
  parser: 'json',
  digest,
});

describe('formatting a body that carries the input digest', () => {
  const root = mkdtempSync(join(tmpdir(), 'wopgen-format-digest-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives what prettier gives for the body itself, and reuses the formatting for another digest', async () => {
    const cache = new ArtifactCache(root, 'generator-A');
    const first = await formatFiles([packageJson(digestA)], cache);
    expect(first.get('package.json')).toBe(await prettierFormat(body(digestA), 'json'));
    expect(first.get('package.json')).toContain(`"inputDigest": "sha256:${digestA}"`);
    expect(cache.stats.missed).toEqual(['prettier:json']);

    const again = new ArtifactCache(root, 'generator-A');
    const second = await formatFiles([packageJson(digestB)], again);
    expect(second.get('package.json')).toBe(await prettierFormat(body(digestB), 'json'));
    expect(again.stats.missed).toEqual([]);
    // Without a cache the same text.
    expect((await formatFiles([packageJson(digestB)])).get('package.json')).toBe(
      second.get('package.json'),
    );
  });

  it('formats the body as is when the digest occurs more than once', async () => {
    const cache = new ArtifactCache(root, 'generator-B');
    const twice = packageJson(digestB, `, "again": "${digestB}"`);
    const out = await formatFiles([twice], cache);
    expect(out.get('package.json')).toBe(await prettierFormat(twice.body, 'json'));
    expect(out.get('package.json')!.split(digestB)).toHaveLength(3);
  });
});
