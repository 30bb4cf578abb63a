// wopgen.config.schema.json (shipped in the package, named by `$schema` in the wopgen.config.json
// that `wopgen init` writes) describes exactly what the loaders accept: the generator's
// (generator/cli/config.ts: spec, out) and serve's (runtime/serve/config-file.ts: the serve
// object). Same keys, and the same verdict on each file below.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS, readConfig } from '../../generator/cli/config.ts';
import { initContext, scaffold } from '../../generator/init/scaffold.ts';
import { readServeFile, SERVE_FILE_KEYS } from '../../runtime/serve/config-file.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

interface Schema {
  properties: Record<string, { properties?: Record<string, unknown> }>;
}

const SCHEMA_FILE = 'wopgen.config.schema.json';
const schema = JSON.parse(readFileSync(join(projectRoot, SCHEMA_FILE), 'utf8')) as Schema;
const validate = new Ajv2020({ allErrors: true }).compile(schema);

const dir = mkdtempSync(join(tmpdir(), 'wopgen-config-schema-'));

/** Whether both loaders accept `data` as wopgen.config.json. */
function loadersAccept(data: unknown): boolean {
  writeFileSync(join(dir, 'wopgen.config.json'), JSON.stringify(data));
  try {
    readConfig(dir);
    readServeFile(dir);
    return true;
  } catch {
    return false;
  }
}

describe('wopgen.config.schema.json', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names exactly the keys the loaders accept', () => {
    expect(Object.keys(schema.properties).sort()).toEqual([...CONFIG_KEYS].sort());
    expect(Object.keys(schema.properties['serve']!.properties!).sort()).toEqual(
      [...SERVE_FILE_KEYS].sort(),
    );
  });

  const AGENT = {
    agentId: 'helper',
    persona: 'Helper',
    label: 'A helper',
    description: 'Answers',
    packName: 'demo',
    packVersion: '1.0.0',
    workflowIds: ['echo'],
    tenants: ['demo'],
  };
  const files: [string, unknown][] = [
    ['empty', {}],
    ['generator keys', { spec: 'spec', out: 'generated' }],
    [
      'every serve key',
      {
        $schema: './node_modules/wopgen/wopgen.config.schema.json',
        serve: {
          contract: 'generated',
          port: 8080,
          host: '127.0.0.1',
          baseUrl: 'https://example.org/wop',
          store: 'sqlite:data/host.db',
          mcpCatalogue: 'catalogue',
          a2aSkills: ['echo'],
          logLevel: 'warn',
          logFormat: 'json',
          workflows: 'flows',
          agents: [AGENT],
          outbound: {
            timeoutMs: 10_000,
            maxAnswerBytes: 65_536,
            credentials: [{ origin: 'https://agent.example', header: 'authorization', env: 'T' }],
            stdio: { files: { command: 'npx', args: ['files-server'], env: { ROOT: '/srv' } } },
          },
        },
      },
    ],
    ['an unknown key', { output: 'g' }],
    ['an unknown serve key', { serve: { prot: 1 } }],
    ['an empty spec', { spec: '' }],
    ['a numeric out', { out: 3 }],
    ['a numeric $schema', { $schema: 3 }],
    ['serve as an array', { serve: [8080] }],
    ['a port out of range', { serve: { port: 70000 } }],
    ['a fractional port', { serve: { port: 80.5 } }],
    ['a port as a string', { serve: { port: '80' } }],
    ['an unknown log level', { serve: { logLevel: 'loud' } }],
    ['an unknown log format', { serve: { logFormat: 'xml' } }],
    ['skills as a string', { serve: { a2aSkills: 'echo' } }],
    ['an empty skill', { serve: { a2aSkills: [''] } }],
    ['an empty store', { serve: { store: '' } }],
    ['not an object', ['spec']],
    ['an agent without tenants', { serve: { agents: [{ ...AGENT, tenants: undefined }] } }],
    ['an agent with an unknown field', { serve: { agents: [{ ...AGENT, skills: ['echo'] }] } }],
    ['a malformed agent id', { serve: { agents: [{ ...AGENT, agentId: 'a b' }] } }],
    ['an agent routing nothing', { serve: { agents: [{ ...AGENT, workflowIds: [] }] } }],
    ['an outbound timeout under 100 ms', { serve: { outbound: { timeoutMs: 99 } } }],
    ['a fractional answer bound', { serve: { outbound: { maxAnswerBytes: 2048.5 } } }],
    ['an answer bound over 1 GiB', { serve: { outbound: { maxAnswerBytes: 2 ** 30 + 1 } } }],
    ['an unknown outbound key', { serve: { outbound: { maxBytes: 2048 } } }],
    ['outbound as a number', { serve: { outbound: 5 } }],
    ['an empty outbound', { serve: { outbound: {} } }],
    [
      'a credential origin with a path',
      {
        serve: {
          outbound: { credentials: [{ origin: 'https://a.example/x', header: 'a', env: 'T' }] },
        },
      },
    ],
    [
      'a credential without its variable',
      { serve: { outbound: { credentials: [{ origin: 'https://a.example', header: 'a' }] } } },
    ],
    [
      'a credential value written in the file',
      {
        serve: {
          outbound: {
            credentials: [{ origin: 'https://a.example', header: 'a', env: 'T', value: 's' }],
          },
        },
      },
    ],
    [
      'a stdio server without a command',
      { serve: { outbound: { stdio: { files: { args: [] } } } } },
    ],
    [
      'stdio arguments as a string',
      { serve: { outbound: { stdio: { f: { command: 'x', args: 'y' } } } } },
    ],
    ['credentials as an object', { serve: { outbound: { credentials: {} } } }],
  ];
  it.each(files)('agrees with the loaders on %s', (_name, data) => {
    expect(validate(data)).toBe(loadersAccept(data));
  });

  it('is shipped in the package and named by the wopgen.config.json init writes', () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      files: string[];
    };
    expect(pkg.files).toContain(SCHEMA_FILE);
    const app = join(dir, 'app');
    scaffold(app, initContext(app, undefined));
    const written = JSON.parse(readFileSync(join(app, 'wopgen.config.json'), 'utf8')) as {
      $schema: string;
    };
    expect(written.$schema).toBe(`./node_modules/wopgen/${SCHEMA_FILE}`);
    expect(validate(written)).toBe(true);
    expect(loadersAccept(written)).toBe(true);
  });
});
