// `wopgen serve` hosts the generated package it is given (DESIGN.md §1, §3): `--contract DIR`,
// `serve.contract`, or the config file's `out` when `wopgen generate` wrote it there; it says in its
// banner which contract it serves; it answers that package's error statuses; and a package with
// rows it has no handler for is refused at start (exit 1), each row named.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../generator/write.ts';
import { SpecFixture, projectRoot } from '../helpers/spec-fixture.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';
import { addArtifactRow, addTasksListRow } from '../helpers/contract-rows.ts';

const KEY = 'serve-contract-key-0123456789';
type Json = Record<string, unknown>;

/** Generates the edited copy of spec/ into `dir`; returns the package's input digest. */
async function generateInto(dir: string, edit: (fx: SpecFixture) => void): Promise<string> {
  const fx = new SpecFixture();
  try {
    edit(fx);
    const result = await fx.generate();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    writeAtomically(dir, result.files!);
    return `sha256:${result.model!.digest}`;
  } finally {
    fx.dispose();
  }
}

const errorAt410 = (fx: SpecFixture) =>
  fx.editJson('spec/interop-map.json', (m) => {
    const errors = (m['a2a'] as { errors: Json[] }).errors;
    errors.find((e) => e['upstream'] === 'TaskNotFoundError')!['http'] = 410;
  });

describe('wopgen serve --contract', () => {
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/serve-contract-'));
  let digest410: string;

  beforeAll(async () => {
    digest410 = await generateInto(join(work, 'gone'), errorAt410);
    await generateInto(join(work, 'added'), (fx) => {
      addArtifactRow(fx);
      addTasksListRow(fx);
    });
  });
  afterEach(() => killLeftovers());
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const args = (name: string) => [
    '--port',
    '0',
    '--store',
    `sqlite:${join(work, `${name}.db`)}`,
    '--api-key',
    `${KEY}=acme`,
    '--log-level',
    'info',
  ];

  it("serves the package's error statuses and names it in the banner", async () => {
    const served = startServe(['--contract', join(work, 'gone'), ...args('gone')]);
    const listening = await served.ready;
    expect(listening['contract']).toBe(
      `"wopgen bundled OpenWOP v2 interop profile 2.21.0-wopgen.1" (${digest410}) from ${join(work, 'gone')}`,
    );
    const base = (listening['endpoints'] as { discovery: string }).discovery.replace(
      '/.well-known/openwop',
      '',
    );
    const res = await fetch(`${base}/a2a/rest/tasks/acme~2Fno-such-task-0123456789abcdef`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(res.status).toBe(410);
    expect(((await res.json()) as { error: { code: number; status: string } }).error).toMatchObject(
      { code: 410, status: 'NOT_FOUND' },
    );
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
  });

  it('refuses a package with rows it has no handler for, naming each, and exits 1', async () => {
    const served = startServe(['--contract', join(work, 'added'), ...args('added')]);
    expect(await served.exited).toBe(1);
    const lines = served.stderr().trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^wopgen serve: the contract "wopgen bundled OpenWOP v2 interop profile 2\.21\.0-wopgen\.1" \(sha256:[0-9a-f]{64}\) cannot be served by this host:$/,
    );
    expect(lines.slice(1)).toEqual([
      'wopgen serve:   - A2A getTaskArtifact: no handler for GetTaskArtifact (spec/interop-map.json#/a2a/operations/12)',
      'wopgen serve:   - MCP tasksList: no handler for tasks/list (spec/interop-map.json#/mcp/methods/7)',
    ]);
  });

  it('takes the package the config file names, else what `generate` wrote for its `out`', async () => {
    const project = join(work, 'project');
    mkdirSync(project, { recursive: true });
    // `out` holds the package wopgen generate wrote there: it is served without a flag.
    await generateInto(join(project, 'generated'), errorAt410);
    writeFileSync(
      join(project, 'wopgen.config.json'),
      JSON.stringify({ spec: 'spec', out: 'generated' }),
    );
    const byOut = startServe(args('by-out'), { cwd: project });
    expect((await byOut.ready)['contract']).toBe(
      `"wopgen bundled OpenWOP v2 interop profile 2.21.0-wopgen.1" (${digest410}) from ${join(project, 'generated')}`,
    );
    byOut.child.kill('SIGTERM');
    await byOut.exited;
    // `serve.contract` wins over `out`.
    writeFileSync(
      join(project, 'wopgen.config.json'),
      JSON.stringify({ spec: 'spec', out: 'generated', serve: { contract: '../added' } }),
    );
    const byConfig = startServe(args('by-config'), { cwd: project });
    expect(await byConfig.exited).toBe(1);
    expect(byConfig.stderr()).toContain('A2A getTaskArtifact: no handler for GetTaskArtifact');
  });

  it('says so in one line when the folder holds no generated package', async () => {
    const served = startServe(['--contract', join(work, 'nothing-here'), ...args('none')]);
    expect(await served.exited).toBe(1);
    expect(served.stderr()).toBe(
      `wopgen serve: ${join(work, 'nothing-here')} holds no generated package with a contract (no dist/contract.js): run \`wopgen generate --out ${join(work, 'nothing-here')}\` with this wopgen\n`,
    );
  });

  it('serves wopgen’s own contract when given none, and says so', async () => {
    const served = startServe(args('own'));
    expect((await served.ready)['contract']).toMatch(
      /^"wopgen bundled OpenWOP v2 interop profile 2\.21\.0-wopgen\.1" \(sha256:[0-9a-f]{64}\) from wopgen$/,
    );
    served.child.kill('SIGTERM');
    await served.exited;
  });
});
