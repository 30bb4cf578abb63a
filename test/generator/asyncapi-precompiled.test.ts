// The bundled AsyncAPI worker validates documents with the AsyncAPI schemas compiled at build
// time (generator/workers/asyncapi-precompile.mjs) instead of compiling them on every parse. It
// must answer exactly what the parser answers when it compiles them itself: the same channels
// and the same diagnostics, message for message and path for path, on valid and broken
// documents of both precompiled versions.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerAnswer } from '../../generator/workers/worker.ts';
import {
  startAsyncApiReader,
  type AsyncApiReader,
  type ParsedAsyncApi,
} from '../../generator/workers/workers.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { bundledModel } from './emit/fixture.ts';

type Doc = Record<string, unknown>;

/** The bundled build's worker, asked once per document (the pipeline asks it once per run). */
function askBundled(dir: string, document: Doc): Promise<WorkerAnswer<ParsedAsyncApi>> {
  const worker = new Worker(join(dir, 'asyncapi-worker.cjs'));
  return new Promise<WorkerAnswer<ParsedAsyncApi>>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage(document);
  }).finally(() => void worker.terminate());
}

// The document as the pipeline hands it to the worker: its references bundled in.
const bundled = bundledModel().asyncapi!.document as Doc;
const variants: [string, (d: Doc) => Doc][] = [
  ['the bundled document (3.0.0)', (d) => d],
  ['the bundled document as 3.1.0', (d) => ({ ...d, asyncapi: '3.1.0' })],
  ['an unknown field in info', (d) => ({ ...d, info: { ...(d['info'] as Doc), bogus: 1 } })],
  ['a title of the wrong type', (d) => ({ ...d, info: { ...(d['info'] as Doc), title: 42 } })],
  ['no info (3.1.0)', ({ info: _info, ...d }) => ({ ...d, asyncapi: '3.1.0' })],
  ['a channel address of the wrong type', (d) => withChannelAddress(d, 7)],
];

function withChannelAddress(d: Doc, address: unknown): Doc {
  const channels = d['channels'] as Record<string, Doc>;
  const [first, ...rest] = Object.entries(channels);
  return {
    ...d,
    channels: Object.fromEntries([[first![0], { ...first![1], address }], ...rest]),
  };
}

describe('the bundled AsyncAPI worker with precompiled schemas', () => {
  let dir = '';
  let reader: AsyncApiReader;
  beforeAll(async () => {
    // The build script prints the build's folder (and builds it first when needed).
    const built = spawnSync(process.execPath, ['bin/build-generator.mjs', '--strict'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
    dir = /generator build at (.+)$/m.exec(built.stdout)?.[1] ?? '';
    reader = startAsyncApiReader();
  }, 240_000);
  afterAll(() => reader?.dispose());

  it('is built with the precompiled lookup in spectral', () => {
    expect(dir).not.toBe('');
    const bundle = readFileSync(join(dir, 'asyncapi-worker.bundle.cjs'), 'utf8');
    expect(bundle).toMatch(/_asyncapi_lookup\(\)\.lookup\(schema,\s*allErrors/);
  });

  for (const [name, change] of variants)
    it(`answers as the parser compiling its own schemas: ${name}`, async () => {
      const document = change(structuredClone(bundled));
      const [ours, theirs] = await Promise.all([askBundled(dir, document), reader.run(document)]);
      if (!theirs.ok) throw new Error(theirs.message);
      expect(ours.ok && ours.value).toEqual(theirs.value);
      // A broken document is told apart: it gets an error the bundled one does not (the bundled
      // one has only hints and warnings of the parser's style rules).
      const errors = theirs.value.diagnostics.filter((d) => d.severity === 0);
      if (name.startsWith('the bundled')) expect(errors).toEqual([]);
      else expect(errors.length).toBeGreaterThan(0);
    }, 240_000);
});
