// `generate --watch` keeps its worker threads from one regeneration to the next
// (generator/workers/kept.ts): a second generation asks the same thread, a thread that ended is
// started again for the next request, and a request to a thread that ends before answering fails
// instead of waiting for ever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactCache } from '../../generator/cache/store.ts';
import { keptWorkers } from '../../generator/workers/kept.ts';
import {
  disposeWorkers,
  startAsyncApiReader,
  startOpenApiPrinter,
  type OpenApiPrinter,
} from '../../generator/workers/workers.ts';

const print = {
  kind: 'print' as const,
  document: {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: { A: { type: 'number' } } },
  },
};
const printed = expect.stringContaining('schemas: {\n        A: number;\n    };');

describe('worker threads kept across generations', () => {
  const root = mkdtempSync(join(tmpdir(), 'wopgen-kept-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const started: OpenApiPrinter[] = [];
  const kept = keptWorkers({
    printer: (preload) => {
      const w = startOpenApiPrinter(preload);
      started.push(w);
      return w;
    },
    asyncapi: startAsyncApiReader,
  });
  afterAll(() => kept.close());
  const cache = new ArtifactCache(root, 'generator-A');

  it('answers a second generation from the thread of the first', async () => {
    const first = kept.forRun(cache);
    expect(await first.printer.run(print)).toMatchObject({ ok: true, value: printed });
    // The pipeline ends its workers after each generation; kept ones stay.
    await disposeWorkers(first);
    const second = kept.forRun(cache);
    expect(await second.printer.run(print)).toMatchObject({ ok: true, value: printed });
    expect(started).toHaveLength(1);
    expect(started[0]!.ended).toBe(false);
  }, 60_000);

  it('starts a thread again once it has ended', async () => {
    await started[0]!.dispose();
    expect(started[0]!.ended).toBe(true);
    const next = kept.forRun(cache);
    expect(await next.printer.run(print)).toMatchObject({ ok: true, value: printed });
    expect(started).toHaveLength(2);
  }, 60_000);

  it('fails a request whose thread ends before answering', async () => {
    const lone = startOpenApiPrinter(false);
    // Asked at once: the thread is still loading openapi-typescript when it is ended.
    const answer = lone.run(print);
    await lone.dispose();
    await expect(answer).rejects.toThrow(/ended/);
    await expect(lone.run(print)).rejects.toThrow(/ended/);
  }, 60_000);
});
