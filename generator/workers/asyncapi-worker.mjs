// Worker thread for @asyncapi/parser (see worker.ts): parses the bundled AsyncAPI document and
// answers its channels and the parser's diagnostics as plain data.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { Parser } from '@asyncapi/parser';

// Set up (rulesets, schema parsers) while the pipeline is still building the model: nothing here
// depends on the document.
const parser = new Parser();
const loadMs = performance.now();

parentPort.on('message', async (document) => {
  const start = performance.now();
  try {
    const { document: parsed, diagnostics } = await parser.parse(document);
    const channels = parsed
      ? parsed
          .channels()
          .all()
          .map((ch) => ({
            id: ch.id(),
            address: ch.address() ?? '',
            messages: ch
              .messages()
              .all()
              .map((m) => m.name() ?? m.id())
              .sort(),
          }))
      : [];
    parentPort.postMessage({
      ok: true,
      value: {
        channels,
        diagnostics: diagnostics.map((d) => ({
          code: String(d.code),
          message: d.message,
          path: d.path.map(String),
          severity: d.severity,
        })),
      },
      timing: { loadMs, runMs: performance.now() - start },
    });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
