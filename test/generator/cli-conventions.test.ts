// Command-line conventions: --version, --help on every command, usage errors that
// say what was wrong (exit 2), one JSON document on stdout for every outcome, the colored
// success line (NO_COLOR, pipes), --summary/--verbose when up to date, and wopgen.config.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot, SpecFixture } from '../helpers/spec-fixture.ts';
import { STACK_FRAME, wopgen } from './cli-run.ts';

const version = (
  JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

interface Doc {
  command: string | null;
  status: string;
  exitCode: number;
  out?: string;
  durationMs: number;
  files?: { total: number; written: string[]; removed: string[] };
  drift?: { changed: string[]; missing: string[]; orphan: string[] };
  summary?: { files: number; layout: string };
  timings?: { stage: string }[];
  diagnostics: { code: string; severity: string; file: string }[];
  message?: string;
}

/** Runs with --format json and parses the one document it prints; stderr must stay empty. */
function json(args: string[], cwd: string): Doc {
  const r = wopgen([...args, '--format', 'json'], cwd);
  expect(r.stderr).toBe('');
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const doc = JSON.parse(lines[0]!) as Doc;
  expect(doc.exitCode).toBe(r.status);
  return doc;
}

describe('wopgen --version and --help', () => {
  it('prints the version with --version and -v', () => {
    for (const flag of ['--version', '-v']) {
      const r = wopgen([flag], projectRoot);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`wopgen ${version}\n`);
    }
  });

  it('names every command in the overview, and helps on each command', () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const r = wopgen(args, projectRoot);
      expect(r.status).toBe(0);
      for (const cmd of ['generate', 'check', 'serve', 'init', 'report', 'keys'])
        expect(r.stdout).toMatch(new RegExp(`^  wopgen ${cmd} `, 'm'));
    }
    for (const args of [
      ['generate', '--help'],
      ['generate', '-h'],
      ['help', 'generate'],
    ]) {
      const r = wopgen(args, projectRoot);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^usage: wopgen generate /);
      expect(r.stdout).toMatch(/--watch/);
    }
    // `wopgen help X` is `wopgen X --help` for every command the overview names.
    for (const cmd of ['generate', 'check', 'serve', 'init', 'report', 'keys']) {
      const r = wopgen(['help', cmd], projectRoot);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^usage: wopgen ${cmd} `));
    }
    const check = wopgen(['check', '--help'], projectRoot);
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^usage: wopgen check /);
    expect(check.stdout).not.toMatch(/--watch/);
  });
});

describe('wopgen usage errors say what was wrong and exit 2', () => {
  const ALL = '(commands: generate, check, serve, init, report, keys)';
  // `wopgen <command>: <what was wrong>` for every command, the nearest known name when one is close.
  const cases: [string[], string][] = [
    [[], `wopgen: missing command ${ALL}`],
    [['frobnicate'], `wopgen: unknown command "frobnicate" ${ALL}`],
    [['gen'], `wopgen: unknown command "gen"; did you mean "generate"? ${ALL}`],
    [['reprot'], `wopgen: unknown command "reprot"; did you mean "report"? ${ALL}`],
    [['key'], `wopgen: unknown command "key"; did you mean "keys"? ${ALL}`],
    [['help', 'chekc'], `wopgen: no help for "chekc"; did you mean "check"? ${ALL}`],
    [
      ['generate', '--spec', 'spec'],
      'wopgen generate: missing --out DIR (or "out" in wopgen.config.json)',
    ],
    [['check', '--out', 'g'], 'wopgen check: missing --spec DIR (or "spec" in wopgen.config.json)'],
    [
      ['generate', '--spec', 's', '--out', 'g', '--format', 'xml'],
      'wopgen generate: --format must be text or json, not "xml"',
    ],
    [['generate', '--spec', 's', '--out', 'g', '--frob'], 'wopgen generate: unknown option --frob'],
    [
      ['generate', '--sepc', 's', '--out', 'g'],
      'wopgen generate: unknown option --sepc; did you mean "--spec"?',
    ],
    [['generate', '--spec', 's', '--out'], 'wopgen generate: --out needs a value'],
    [
      ['generate', '--spec', 's', '--out', 'g', 'extra'],
      'wopgen generate: unexpected argument "extra"',
    ],
    [
      ['check', '--spec', 's', '--out', 'g', '--watch'],
      'wopgen check: check has no --watch (generate --watch regenerates on change)',
    ],
    [
      ['init', 'x', '--wopgn', 'y'],
      'wopgen init: unknown option --wopgn; did you mean "--wopgen"?',
    ],
    [['init'], 'wopgen init: expected one folder, got 0'],
    [['report', '--hots', 'h'], 'wopgen report: unknown option --hots; did you mean "--host"?'],
    [
      ['keys', 'mitn'],
      'wopgen keys: unknown keys command "mitn"; did you mean "mint"? (list, mint, rotate, revoke)',
    ],
    [
      ['keys', 'list', '--tenatn', 'a'],
      'wopgen keys: unknown option --tenatn; did you mean "--tenant"?',
    ],
    [['serve', '--prot', '1'], 'wopgen serve: unknown option --prot; did you mean "--port"?'],
  ];
  it.each(cases)('%j', (args, message) => {
    const r = wopgen(args, projectRoot);
    expect(r.status).toBe(2);
    const who = /^(wopgen(?: \w+)?):/.exec(message)![1]!;
    expect(r.stderr).toBe(`${message}\nRun ${who} --help for usage.\n`);
    expect(r.stdout).toBe('');
  });

  it('answers a usage error with a JSON document when --format json was asked for', () => {
    const doc = json(['generate', '--spec', 'spec'], projectRoot);
    expect(doc).toMatchObject({
      command: 'generate',
      status: 'usage-error',
      exitCode: 2,
      message: 'missing --out DIR (or "out" in wopgen.config.json)',
    });
  });
});

describe('wopgen results: JSON for every outcome, text with a success line', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  fx.write('wopgen.config.json', JSON.stringify({ spec: 'spec', out: 'gen-cfg' }));

  it('takes spec and out from wopgen.config.json and reports a generation as JSON', () => {
    const doc = json(['generate'], fx.root);
    expect(doc).toMatchObject({
      command: 'generate',
      status: 'generated',
      exitCode: 0,
      out: 'gen-cfg',
    });
    expect(doc.files!.total).toBe(95);
    expect(doc.files!.written).toHaveLength(95);
    expect(doc.files!.written).toContain('manifest.json');
    expect(doc.summary).toMatchObject({ files: 95, layout: 'wopgen' });
    expect(doc.diagnostics).toEqual([]);
    expect(doc.durationMs).toBeGreaterThan(0);
  });

  it('reports up to date and check results as JSON', () => {
    expect(json(['generate'], fx.root)).toMatchObject({ status: 'up-to-date', exitCode: 0 });
    expect(json(['check'], fx.root)).toMatchObject({ command: 'check', status: 'up-to-date' });
  });

  it('honours --summary and --verbose when the output is up to date', () => {
    const r = wopgen(['generate', '--summary', '--verbose'], fx.root);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^wopgen \S+: spec → gen-cfg \(wopgen layout, input sha256:[0-9a-f]{12}…\)$/m,
    );
    expect(r.stdout).toMatch(/^ {2}A2A \S+: \d+ operation rows/m);
    expect(r.stdout).toMatch(/^ {2}95 files$/m);
    expect(r.stdout).toMatch(/^wopgen: gen-cfg is up to date in \d+ ms$/m);
    expect(r.stderr).toMatch(/^ {2}up-to-date check\s+\d+\.\d ms$/m);
    const doc = json(['generate', '--verbose'], fx.root);
    expect(doc.summary?.files).toBe(95);
    expect(doc.timings?.map((t) => t.stage)).toEqual(['up-to-date check']);
  });

  it('colors the success line only on request of the terminal, never with NO_COLOR', () => {
    expect(wopgen(['generate'], fx.root).status).toBe(0);
    const colored = wopgen(['generate'], fx.root, { FORCE_COLOR: '1' });
    expect(colored.stdout).toMatch(
      /^\u001b\[32m✓ \u001b\[0mwopgen: gen-cfg is up to date \u001b\[2min \d+ ms\u001b\[0m\n$/,
    );
    const plain = wopgen(['generate'], fx.root, { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(plain.stdout).toMatch(/^wopgen: gen-cfg is up to date in \d+ ms\n$/);
    // A pipe (the test's stdout) gets no color by default.
    expect(
      wopgen(['generate'], fx.root, { FORCE_COLOR: undefined, NO_COLOR: undefined }).stdout,
    ).not.toContain('\u001b');
  });

  it('reports drift and a refused --out as JSON', () => {
    const target = fx.path('gen-cfg/a2a/errors.ts');
    writeFileSync(target, readFileSync(target, 'utf8') + '// edited\n');
    const drift = json(['check'], fx.root);
    expect(drift).toMatchObject({ status: 'drift', exitCode: 1 });
    expect(drift.drift).toMatchObject({ changed: ['a2a/errors.ts'], missing: [], orphan: [] });
    mkdirSync(fx.path('mine'));
    fx.write('mine/notes.txt', 'mine\n');
    const refused = json(['generate', '--out', 'mine'], fx.root);
    expect(refused).toMatchObject({ status: 'refused', exitCode: 1, out: 'mine' });
    expect(refused.diagnostics).toEqual([
      expect.objectContaining({ code: 'output-refused', severity: 'error', file: 'mine' }),
    ]);
  });

  it('lets flags win over the config file', () => {
    const r = wopgen(['check', '--out', 'mine'], fx.root);
    // `mine` holds notes.txt and no generation: drift against it, not against gen-cfg.
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^wopgen: mine is stale/m);
    expect(r.stderr).toMatch(/orphan: {2}notes\.txt/);
  });
});

describe('wopgen.config.json errors are usage errors', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());
  const cases: [string, string][] = [
    ['{"spec": "spec",', 'wopgen.config.json: is not valid JSON'],
    [
      '{"spec": "spec", "output": "g"}',
      'wopgen.config.json: unknown key "output" (known: spec, out, serve)',
    ],
    [
      '{"sepc": "spec"}',
      'wopgen.config.json: unknown key "sepc"; did you mean "spec"? (known: spec, out, serve)',
    ],
    ['{"out": 3}', 'wopgen.config.json: "out" must be a path string'],
    ['{"serve": [8080]}', 'wopgen.config.json: "serve" must be an object'],
    ['[]', 'wopgen.config.json: must hold a JSON object'],
  ];
  it.each(cases)('%s', (text, message) => {
    fx.write('wopgen.config.json', text);
    const r = wopgen(['generate', '--spec', 'spec', '--out', 'g'], fx.root);
    expect(r.status).toBe(2);
    expect(r.stderr.startsWith(`wopgen generate: ${message}`)).toBe(true);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  // The serve section is `wopgen serve`'s to judge (test/rest/serve-options.test.ts): generate
  // must not refuse a file that serve accepts, such as one naming a workflows folder.
  it('leaves the serve keys to serve', () => {
    fx.write(
      'wopgen.config.json',
      JSON.stringify({
        spec: 'spec',
        out: 'g',
        serve: {
          port: 8080,
          host: '127.0.0.1',
          baseUrl: 'http://127.0.0.1:8080',
          store: 'sqlite:./data/wopgen.db',
          mcpCatalogue: 'catalogue',
          a2aSkills: ['echo'],
          logLevel: 'info',
          workflows: 'my-workflows',
        },
      }),
    );
    expect(wopgen(['generate', '--help'], fx.root).status).toBe(0);
    const r = wopgen(['check'], fx.root);
    // No generation in g yet: drift (exit 1), which proves the config was read and accepted.
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^wopgen: g is stale/m);
  });
});
