// Worker thread for @asyncapi/parser (see worker.ts): parses the bundled AsyncAPI document and
// answers its channels and the parser's diagnostics as plain data.
import { parentPort } from 'node:worker_threads';
import { Parser } from '@asyncapi/parser';

parentPort.on('message', async (document) => {
  try {
    const { document: parsed, diagnostics } = await new Parser().parse(document);
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
    });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      message: err instanceof Error ? err.message : String(err),
    });
  }
});
