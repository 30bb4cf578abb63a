// Hostile specs to the generator: each input an attacker or an
// unlucky operator might hand wopgen answers with a located diagnostic and exit 1, in bounded
// time, with no stack trace, and leaves the output folder byte-for-byte as it was.
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecFixture } from '../helpers/spec-fixture.ts';
import { STACK_FRAME, treeDigest, wopgen } from './cli-run.ts';

const RUN_MS = 120_000;

/** A fixture whose RunSnapshot schema reference is replaced by `ref`, plus any extra files. */
function withRef(ref: string, extra: (fx: SpecFixture) => void = () => {}): SpecFixture {
  const fx = new SpecFixture();
  const good = "'../schemas/run-snapshot.schema.json'";
  fx.write('spec/openapi.yaml', fx.read('spec/openapi.yaml').replace(good, `'${ref}'`));
  extra(fx);
  return fx;
}

/** Runs generate and checks the refusal's shape: exit 1, no stack, no file created or changed. */
function refuse(fx: SpecFixture): string {
  const before = treeDigest(fx.root);
  const r = wopgen(['generate', '--spec', 'spec', '--out', 'out'], fx.root, {}, RUN_MS);
  expect(r.status).toBe(1);
  expect(r.stderr).not.toMatch(STACK_FRAME);
  expect(r.stderr).toMatch(/nothing was written\n$/);
  expect(existsSync(fx.path('out'))).toBe(false);
  expect(treeDigest(fx.root)).toBe(before);
  return r.stderr;
}

const fixtures: SpecFixture[] = [];
const make = (fx: SpecFixture) => (fixtures.push(fx), fx);
afterAll(() => fixtures.forEach((fx) => fx.dispose()));

describe('hostile specs', () => {
  it('a $ref cycle is a located ref-cycle diagnostic', () => {
    const fx = make(
      withRef('../schemas/loop-a.schema.json', (f) => {
        f.write('schemas/loop-a.schema.json', '{"$ref": "./loop-b.schema.json"}\n');
        f.write('schemas/loop-b.schema.json', '{"$ref": "./loop-a.schema.json"}\n');
      }),
    );
    const err = refuse(fx);
    expect(err).toMatch(/^schemas\/loop-[ab]\.schema\.json:1:\d+: error ref-cycle: \$ref cycle: /m);
  }, 150_000);

  it('a $ref that leaves the spec folders is refused without reading the file', () => {
    const fx = make(withRef('../../../../../../../../../../etc/passwd'));
    const err = refuse(fx);
    expect(err).toMatch(/^spec\/openapi\.yaml:\d+:\d+: error ref-outside: /m);
    expect(err).not.toContain('root:');
  }, 150_000);

  it('a $ref through a symlink that leaves the spec folders is refused', () => {
    const fx = make(
      withRef('../schemas/escape.schema.json', (f) => {
        writeFileSync(f.path('secret.json'), '{"token": "sentinel-secret"}\n');
        // A link inside schemas/ whose target lies outside every input folder.
        symlinkSync(f.path('secret.json'), f.path('schemas/escape.schema.json'));
      }),
    );
    const err = refuse(fx);
    expect(err).toMatch(/^spec\/openapi\.yaml:\d+:\d+: error ref-outside: /m);
    expect(err).not.toContain('sentinel-secret');
  }, 150_000);

  it('a $ref to a URL is a located warning and is never fetched', async () => {
    // ref-external stays a warning by design (catalogue.ts): the schema is left opaque, and the
    // listener proves no connection was attempted (a blocked spawn leaves any in its backlog).
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as AddressInfo;
    try {
      const fx = make(withRef(`http://127.0.0.1:${port}/evil.json`));
      const r = wopgen(['generate', '--spec', 'spec', '--out', 'out'], fx.root, {}, RUN_MS);
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(r.stderr).toMatch(/^spec\/openapi\.yaml:\d+:\d+: warning ref-external: /m);
      await new Promise((ok) => setTimeout(ok, 200));
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  }, 150_000);

  it('a YAML alias bomb is a syntax diagnostic, not an expansion', () => {
    const fx = make(new SpecFixture());
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) {
      const prev = `*a${i - 1}`;
      lines.push(`a${i}: &a${i} [${Array(10).fill(prev).join(', ')}]`);
    }
    fx.write('spec/asyncapi.yaml', `${lines.join('\n')}\n${fx.read('spec/asyncapi.yaml')}`);
    const err = refuse(fx);
    expect(err).toMatch(/^spec\/asyncapi\.yaml:\d+:\d+: error syntax-error: .*alias/im);
  }, 150_000);

  it('a non-UTF-8 file is a located encoding diagnostic', () => {
    const fx = make(new SpecFixture());
    const text = fx.read('schemas/run-snapshot.schema.json');
    const at = text.indexOf('"description"');
    const bytes = Buffer.concat([
      Buffer.from(text.slice(0, at), 'utf8'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.slice(at), 'utf8'),
    ]);
    writeFileSync(fx.path('schemas/run-snapshot.schema.json'), bytes);
    const line = text.slice(0, at).split('\n').length;
    const err = refuse(fx);
    expect(err).toMatch(
      new RegExp(
        `^schemas/run-snapshot\\.schema\\.json:${line}:\\d+: error syntax-error: .*UTF-8`,
        'm',
      ),
    );
  }, 150_000);

  it('a 50 MB spec file is refused by size before it is parsed', () => {
    const fx = make(new SpecFixture());
    const pad = ' '.repeat(50 * 1024 * 1024);
    fx.write('schemas/run-snapshot.schema.json', fx.read('schemas/run-snapshot.schema.json') + pad);
    const err = refuse(fx);
    expect(err).toMatch(
      /^schemas\/run-snapshot\.schema\.json:1:1: error syntax-error: .*too large/m,
    );
  }, 150_000);

  it('deeply nested JSON is a diagnostic, not a stack overflow', () => {
    const fx = make(new SpecFixture());
    const depth = 100_000;
    fx.write('schemas/run-snapshot.schema.json', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    const err = refuse(fx);
    expect(err).toMatch(/^schemas\/run-snapshot\.schema\.json:1:\d+: error syntax-error: .*deep/m);
  }, 150_000);
});
