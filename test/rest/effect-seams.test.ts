// GET /host/effect-seams: the manifest of the outbound effects the reference host performs, valid
// against schemas/effect-seam-manifest.schema.json (and the upstream schema when its copy is
// there), authenticated like every host read, and listing exactly the seams of what is on.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOfRuntime } from '../../runtime/host/build-id.ts';
import { effectSeamManifest } from '../../runtime/host/effect-seams.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { itIf, UPSTREAM_SPEC } from '../helpers/requires.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const readJson = (path: string): object => JSON.parse(readFileSync(path, 'utf8')) as object;
const validateManifest = new Ajv2020({ allErrors: true, strict: false }).compile(
  readJson(join(projectRoot, 'schemas/effect-seam-manifest.schema.json')),
);
const validateEnvelope = new Ajv2020({ allErrors: true, strict: false }).compile(
  readJson(join(projectRoot, 'schemas/error-envelope.schema.json')),
);

interface Manifest {
  manifestVersion: string;
  host: { name: string; build: { kind: string; id: string } };
  seams: { id: string; kind: string; suppression: string; note?: string }[];
}

const OUTBOUND = [
  'outbound.a2a-send',
  'outbound.a2a-cancel',
  'outbound.mcp-call',
  'outbound.mcp-cancel',
];

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.stop();
  removeDir(h.dir);
});

describe('GET /host/effect-seams', () => {
  it('answers 200 application/json with a manifest valid against its schema', async () => {
    const r = await h.call('acme', '/host/effect-seams');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('openwop-version')).toBe('2.0');
    const body = (await r.json()) as Manifest;
    expect(validateManifest(body), JSON.stringify(validateManifest.errors)).toBe(true);
    expect(body.manifestVersion).toBe('1');
    // The reference engine's outbound calls, then push delivery (on by default).
    expect(body.seams.map((s) => [s.id, s.kind, s.suppression])).toEqual([
      ['outbound.a2a-send', 'http', 'recorded-outcome'],
      ['outbound.a2a-cancel', 'http', 'recorded-outcome'],
      ['outbound.mcp-call', 'http', 'recorded-outcome'],
      ['outbound.mcp-cancel', 'http', 'recorded-outcome'],
      ['push.delivery', 'webhook', 'recorded-outcome'],
    ]);
    for (const s of body.seams) expect(s.note).toMatch(/\S/);
  });

  it('names the host as discovery does and the build by the sha256 of the runtime it runs', async () => {
    const body = (await (await h.call('acme', '/host/effect-seams')).json()) as Manifest;
    const discovery = (await (await fetch(`${h.url}/.well-known/openwop`)).json()) as {
      implementation: { name: string };
    };
    expect(body.host.name).toBe(discovery.implementation.name);
    expect(body.host.name).toBe('wopgen');
    // The test imports runtime/ from source, as the host it started does.
    expect(body.host.build).toEqual({
      kind: 'artifact-sha256',
      id: digestOfRuntime(join(projectRoot, 'runtime'), join(projectRoot, 'package.json')),
    });
    expect(body.host.build.id).toMatch(/^[0-9a-f]{64}$/);
  });

  itIf(UPSTREAM_SPEC)('is valid against the upstream effect-seam manifest schema too', async () => {
    const upstream = join(
      process.env['WOPGEN_UPSTREAM_SPEC']!,
      'schemas/v2/effect-seam-manifest.schema.json',
    );
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(readJson(upstream));
    const body: unknown = await (await h.call('acme', '/host/effect-seams')).json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers 401 in the OpenWOP envelope without a key or with an unknown one', async () => {
    const without: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-key-0123456789' },
    ];
    for (const headers of without) {
      const r = await fetch(`${h.url}/host/effect-seams`, { headers });
      expect(r.status).toBe(401);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await r.json()) as Record<string, unknown>;
      expect(body).toEqual({
        error: 'unauthenticated',
        message: 'a valid bearer API key is required',
      });
      expect(validateEnvelope(body)).toBe(true);
    }
  });

  it('lists the stdio seam (kind other) only when the operator allows a stdio server, and push only when pushes are delivered', async () => {
    const other = await startHost({
      config: (c) => {
        c.outbound.stdio = { echo: { command: process.execPath, args: ['-e', ''] } };
        c.a2a.pushNotifications = false;
      },
    });
    try {
      const body = (await (await other.call('acme', '/host/effect-seams')).json()) as Manifest;
      expect(validateManifest(body), JSON.stringify(validateManifest.errors)).toBe(true);
      expect(body.seams.map((s) => s.id)).toEqual([...OUTBOUND, 'outbound.mcp-stdio']);
      expect(body.seams.find((s) => s.id === 'outbound.mcp-stdio')!.kind).toBe('other');
    } finally {
      await other.close();
    }
  });
});

describe('the manifest schema', () => {
  const valid: Manifest = {
    manifestVersion: '1',
    host: { name: 'h', build: { kind: 'commit', id: 'abc' } },
    seams: [{ id: 'push.delivery', kind: 'webhook', suppression: 'recorded-outcome' }],
  };

  it('refuses a one-segment id, an unknown suppression, and a member it does not name', () => {
    expect(validateManifest(valid)).toBe(true);
    const seam = valid.seams[0]!;
    for (const bad of [
      { ...valid, seams: [{ ...seam, id: 'delivery' }] },
      { ...valid, seams: [{ ...seam, suppression: 'skipped' }] },
      { ...valid, seams: [{ ...seam, witness: 'claims-check' }] },
      { ...valid, seams: [{ ...seam, extra: 1 }] },
      { ...valid, host: { ...valid.host, build: { kind: 'tag', id: 'v1' } } },
      { ...valid, manifestVersion: '2' },
      { ...valid, extra: true },
    ]) {
      expect(validateManifest(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('effectSeamManifest', () => {
  const build = { kind: 'artifact-sha256' as const, id: '0'.repeat(64) };
  const seam = { id: 'x.y', kind: 'http' as const, suppression: 'recorded-outcome' as const };

  it('refuses a seam listed twice or an id that is not dotted lowercase', () => {
    expect(() => effectSeamManifest([seam, seam], build)).toThrow(
      'effect seam x.y is listed twice',
    );
    expect(() => effectSeamManifest([{ ...seam, id: 'Outbound.send' }], build)).toThrow(
      'effect seam id "Outbound.send" is not dotted lowercase',
    );
    expect(effectSeamManifest([seam], build).seams).toEqual([seam]);
  });
});

describe('digestOfRuntime', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-build-id-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('changes with any file of the runtime or package.json, not with a node_modules folder', () => {
    const runtime = join(dir, 'runtime');
    cpSync(join(projectRoot, 'runtime/host'), join(runtime, 'host'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"version":"1.0.0"}');
    const pkg = join(dir, 'package.json');
    const first = digestOfRuntime(runtime, pkg);
    expect(digestOfRuntime(runtime, pkg)).toBe(first);
    mkdirSync(join(runtime, 'node_modules/@wopgen/generated'), { recursive: true });
    writeFileSync(join(runtime, 'node_modules/@wopgen/generated/index.js'), 'export {};');
    expect(digestOfRuntime(runtime, pkg)).toBe(first);
    writeFileSync(join(runtime, 'host/extra.ts'), '');
    const second = digestOfRuntime(runtime, pkg);
    expect(second).not.toBe(first);
    writeFileSync(pkg, '{"version":"1.0.1"}');
    expect(digestOfRuntime(runtime, pkg)).not.toBe(second);
  });
});
