// The examples run as their READMEs say, the commands taken from the READMEs as printed: from the
// repository root with tsx; and outside it, as a project beside a clone would have them — the
// packed tarball installed with the example's dependencies, the files copied unchanged, then run
// with tsx and compiled by tsc under `tsc --init`'s strict defaults plus the settings the README
// names. Each started host serves discovery and completes an A2A task with the key it printed.
import { cpSync, mkdtempSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeBlock } from '../helpers/readme.ts';
import { startScript } from '../helpers/script.ts';
import { localPrebuilds, REPO, run, sharedTarball } from '../package/npm.ts';

const SLOW = 15 * 60_000;

interface Example {
  folder: 'embed' | 'foreign-engine';
  /** Where the printed output names the host's base URL and the key of tenant `demo`. */
  ready: RegExp;
  /** A workflow the example serves as an A2A skill, completing at once. */
  skill: string;
  /** The second entry point the README's "or" names, run with tsx too. */
  alternative?: [string, string];
}

const EXAMPLES: Example[] = [
  {
    folder: 'embed',
    ready: /OpenWOP host at (http:\/\/\S+)\n {2}API key \(tenant demo\): (\S+)\n/,
    skill: 'echo',
    alternative: ['node-http.ts', 'hono.ts'],
  },
  {
    folder: 'foreign-engine',
    ready: /host at (http:\/\/\S+) \(API key for tenant demo: (\S+)\)\n/,
    skill: 'say',
  },
];

const readmeOf = (e: Example) => `examples/${e.folder}/README.md`;
const block = (e: Example, name: string) => readmeBlock(`${e.folder}-${name}`, readmeOf(e));

/** Runs the lines until the host is up, then: discovery, and one A2A task with the printed key. */
async function startAndUse(e: Example, script: string, cwd: string): Promise<void> {
  const started = await startScript(script, cwd, { PORT: '0', API_KEY: undefined }, e.ready);
  try {
    const [, url, key] = started.match;
    expect((await fetch(`${url}/.well-known/openwop`)).status).toBe(200);
    const res = await fetch(`${url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'a2a-version': '1.0',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: {
          message: {
            messageId: 'documented-1',
            role: 'ROLE_USER',
            parts: [{ data: { text: 'hi' } }],
            metadata: { openwop: { skill: e.skill } },
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { result?: { task: { status: { state: string } } } };
    expect(answer.result?.task.status.state, JSON.stringify(answer)).toBe('TASK_STATE_COMPLETED');
  } finally {
    started.stop();
  }
}

describe.each(EXAMPLES)('examples/$folder as its README says', (e) => {
  it('runs from the repository root with tsx', { timeout: SLOW }, async () => {
    const script = block(e, 'run');
    await startAndUse(e, script, REPO);
    if (e.alternative) await startAndUse(e, script.replace(...e.alternative), REPO);
  });

  it(
    'runs outside the repository: installed from the tarball, with tsx and compiled by tsc',
    {
      timeout: SLOW,
    },
    async () => {
      // Beside the project: a clone's examples/ and the tarball `npm pack` made in it.
      const parent = mkdtempSync(join(tmpdir(), 'wopgen-example-'));
      cpSync(join(REPO, 'examples'), join(parent, 'wopgen/examples'), { recursive: true });
      copyFileSync((await sharedTarball()).tarball, join(parent, 'wopgen/wopgen-0.1.0.tgz'));
      const setup = await run('bash', ['-e', '-c', block(e, 'outside')], parent, localPrebuilds());
      expect(setup.code, setup.stdout + setup.stderr).toBe(0);
      const project = join(parent, e.folder === 'embed' ? 'my-embed' : 'my-engine');
      await startAndUse(e, block(e, 'outside-tsx'), project);
      if (e.alternative)
        await startAndUse(e, block(e, 'outside-tsx').replace(...e.alternative), project);
      await startAndUse(e, block(e, 'outside-tsc'), project);
    },
  );
});
