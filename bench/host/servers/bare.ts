// Peer (a): the limit of this machine — a bare node:http server that reads and parses a JSON body
// and answers JSON, with nothing else in the way. Listens on PORT.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let id: unknown = null;
    try {
      if (chunks.length > 0)
        id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: unknown }).id ?? null;
    } catch {
      // an unparsable body is answered all the same: the limit is what is measured
    }
    const body = JSON.stringify({ jsonrpc: '2.0', id, result: { ok: true } });
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(Number(process.env['PORT']), '127.0.0.1');
