// Runs the MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12, Node 22 through
// npx; CLIENTS.md §3) against a reference host: `conformance server --requirements 2026-07-28`,
// then every `tasks-*` extension scenario. The suite sends no credentials, so it talks to a local
// proxy that adds one tenant's Bearer key; the host itself keeps requiring authentication.
// The host serves the reference pack plus the suite's fixture tools
// (test/fixtures/mcp-conformance/workflows/*.json: greet, slow_compute, failing_job, …).
//
// Prints one line per scenario and `MCP conformance: <passed>/<total> checks passed`, and writes
// the raw results under .tmp/mcp-conformance/. Exit status: 0 unless a check listed in
// test/mcp/conformance/expected-pass.txt no longer passes (a regression), or the suite cannot run.
import { spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  existsSync,
} from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig } from '../../../runtime/config.ts';
import { createSqliteHost } from '../../../runtime/host/index.ts';
import {
  createRegistry,
  loadWorkflowDir,
} from '../../../runtime/core/reference/workflows/index.ts';
import { loadCatalogueDir } from '../../../runtime/bindings/mcp/catalogue/index.ts';
import {
  MCP_CONFORMANCE_WORKFLOWS,
  MCP_CONFORMANCE_CATALOGUE,
} from '../../fixtures/mcp-conformance/index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUT = join(ROOT, '.tmp/mcp-conformance');
const KEY = 'conformance-key-0123456789abcdef';
const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const TASK_SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];

interface Check {
  id: string;
  status: string;
}

function conformance(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', '-p', 'node@22', '-p', SUITE, 'conformance', ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      cwd: ROOT,
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Every checks.json under `dir`, keyed by scenario directory name. */
function readChecks(dir: string): Map<string, Check[]> {
  const out = new Map<string, Check[]>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name === 'checks.json') {
        const scenario = d
          .split('/')
          .at(-1)!
          .replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
        out.set(scenario, JSON.parse(readFileSync(p, 'utf8')) as Check[]);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Whether the frozen 2026-07-28 requirements file runs `scenario` (scored or not). */
function requiredLists(scenario: string): boolean {
  return REQUIRED_SCENARIOS.has(scenario);
}
// Scenario names of @modelcontextprotocol/conformance 0.2.0-alpha.12's requirements/2026-07-28.yaml
// that belong to the tasks extension (listed there under not_scored, reason: extension).
const REQUIRED_SCENARIOS = new Set(TASK_SCENARIOS);

const BASELINE = join(ROOT, 'test/mcp/conformance/expected-pass.txt');

function baseline(): string[] {
  return existsSync(BASELINE) ? readFileSync(BASELINE, 'utf8').split('\n').filter(Boolean) : [];
}

/** Tallies the results; a scenario re-run under `retry/` replaces its first result. */
function passingChecks(): {
  ran: boolean;
  passed: number;
  total: number;
  passing: Set<string>;
  lines: string[];
} {
  const retried = readChecks(join(OUT, 'retry'));
  let passed = 0;
  let total = 0;
  const passing = new Set<string>();
  const lines: string[] = [];
  let ran = true;
  for (const [group, sub] of [
    ['required', 'required'],
    ['tasks extension', 'tasks'],
  ] as const) {
    const checks = readChecks(join(OUT, sub));
    if (checks.size === 0 && sub === 'tasks') continue;
    if (checks.size === 0) ran = false;
    for (const [scenario, first] of [...checks].sort()) {
      const list = retried.get(scenario) ?? first;
      const ok = list.filter((c) => c.status === 'SUCCESS').length;
      const counted = list.filter((c) => c.status !== 'INFO' && c.status !== 'SKIPPED').length;
      passed += ok;
      total += counted;
      for (const c of list) if (c.status === 'SUCCESS') passing.add(`${scenario} ${c.id}`);
      lines.push(
        `  ${group.padEnd(15)} ${scenario.padEnd(48)} ${ok}/${counted}${retried.has(scenario) ? ' (retried)' : ''}\n`,
      );
    }
  }
  return { ran, passed, total, passing, lines };
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-mcp-conformance-'));
  const config = defaultConfig('http://127.0.0.1');
  const host = await createSqliteHost({
    config,
    baseUrlFromListen: true,
    store: `sqlite:${join(dir, 'host.db')}`,
    apiKeys: [{ key: KEY, tenant: 'conformance' }],
    workflows: createRegistry([
      ...loadWorkflowDir(),
      ...loadWorkflowDir(MCP_CONFORMANCE_WORKFLOWS),
    ]),
    // The suite's prompt and resource fixtures (test_simple_prompt, test://static-text, …).
    catalogue: loadCatalogueDir(MCP_CONFORMANCE_CATALOGUE),
  });
  const hostUrl = new URL(await host.listen(0));
  // The auth-adding proxy (the suite has no option for credentials).
  const proxy = createServer((req, res) => {
    const headers = { ...req.headers }; // Host and Origin pass through (DNS-rebinding checks)
    if (!headers.authorization) headers.authorization = `Bearer ${KEY}`;
    const up = request(
      { host: hostUrl.hostname, port: hostUrl.port, method: req.method, path: req.url, headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  try {
    await conformance([
      'server',
      '--url',
      url,
      '--requirements',
      '2026-07-28',
      '-o',
      join(OUT, 'required'),
    ]);
    // The required set already runs the tasks-* scenarios (not scored: extension); run any the
    // requirements file does not list.
    for (const s of TASK_SCENARIOS.filter((x) => !requiredLists(x))) {
      await conformance(['server', '--url', url, '--scenario', s, '-o', join(OUT, 'tasks')]);
    }
    // A scenario with a baseline check that did not pass is run once more before it counts as a
    // regression: some scenarios time cancellations and polls, and a loaded CI machine is slow.
    if (!process.argv.includes('--write-baseline')) {
      const first = passingChecks();
      const again = [
        ...new Set(
          baseline()
            .filter((e) => !first.passing.has(e))
            .map((e) => e.split(' ')[0]!),
        ),
      ];
      for (const scenario of again) {
        process.stdout.write(`retrying ${scenario}\n`);
        await conformance([
          'server',
          '--url',
          url,
          '--spec-version',
          '2026-07-28',
          '--scenario',
          scenario.replace(/^server-/, ''),
          '-o',
          join(OUT, 'retry'),
        ]);
      }
    }
  } finally {
    await new Promise<void>((r) => proxy.close(() => r()));
    proxy.closeAllConnections();
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const result = passingChecks();
  if (!result.ran) {
    process.stderr.write('no results for the required set: the suite did not run\n');
    return 2;
  }
  const { passed, total, passing } = result;
  for (const line of result.lines) process.stdout.write(line);
  process.stdout.write(`MCP conformance: ${passed}/${total} checks passed\n`);

  if (process.argv.includes('--write-baseline')) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(BASELINE, [...passing].sort().join('\n') + '\n');
    return 0;
  }
  const regressed = baseline().filter((e) => !passing.has(e));
  for (const r of regressed) process.stdout.write(`REGRESSION: ${r} no longer passes\n`);
  return regressed.length > 0 ? 1 : 0;
}

process.exit(await main());
