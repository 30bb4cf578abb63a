// The README's MCP client example and Inspector lines work as printed against a test host (only
// the address, the key, and the Inspector's launch — Node 22 through npx, the installed copy —
// are substituted); the lines pin the Inspector this project tests, and the README names the Node
// that Inspector's `engines` asks for (an unpinned npx on an older Node silently runs 0.15.0).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { KEYS, removeDir, startHost } from '../helpers/host.ts';
import { readmeBlock } from '../helpers/readme.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

// Asynchronous on purpose: the host runs in this process and must keep serving meanwhile.
const run = promisify(execFile);
const INSPECTOR = join(
  projectRoot,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const readJson = (path: string) =>
  JSON.parse(readFileSync(join(projectRoot, path), 'utf8')) as {
    version: string;
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
const PINNED = readJson('package.json').devDependencies['@modelcontextprotocol/inspector']!;

describe('README, MCP clients', () => {
  it('the official client snippet lists, calls and answers an approval', async () => {
    const h = await startHost();
    const snippet = join(projectRoot, `.readme-mcp-client-${process.pid}.mjs`);
    try {
      const port = new URL(h.url).port;
      writeFileSync(
        snippet,
        readmeBlock('readme-mcp-client').replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`),
      );
      const { stdout } = await run(process.execPath, [snippet], {
        env: { ...process.env, WOPGEN_KEY: KEYS.acme },
      });
      expect(stdout.trim().split('\n')).toEqual(['true', 'hello', '{"approved":true}']);
    } finally {
      rmSync(snippet, { force: true });
      await h.stop();
      removeDir(h.dir);
    }
  });

  it('the Inspector lines pin the tested version, and the README names the Node it needs', () => {
    const lines = readmeBlock('readme-mcp-inspector').trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line.startsWith(`npx @modelcontextprotocol/inspector@${PINNED} --cli `)).toBe(true);
    const installed = readJson('node_modules/@modelcontextprotocol/inspector/package.json');
    expect(installed.version).toBe(PINNED);
    const floor = /^>=(\d+\.\d+)\.0$/.exec(installed.engines.node)?.[1];
    expect(floor).toBeDefined();
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`The Inspector needs Node ${floor} or later (its \`engines\`).`);
  });

  it('the Inspector lines list the tools and call echo', async () => {
    const h = await startHost();
    const home = mkdtempSync(join(tmpdir(), 'wopgen-inspector-'));
    try {
      const port = new URL(h.url).port;
      const outputs: string[] = [];
      for (const line of readmeBlock('readme-mcp-inspector').trim().split('\n')) {
        const cmd = line
          .replace(
            `npx @modelcontextprotocol/inspector@${PINNED}`,
            `npx -y -p node@22 node ${INSPECTOR}`,
          )
          .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`);
        const { stdout } = await run('bash', ['-c', cmd], {
          env: { ...process.env, KEY: KEYS.acme, HOME: home },
          timeout: 90_000,
        });
        outputs.push(stdout);
      }
      expect(outputs[0]).toContain('"name": "echo"');
      expect(outputs[1]).toContain('"text": "hi"');
      expect(outputs[1]).toContain('"isError": false');
    } finally {
      rmSync(home, { recursive: true, force: true });
      await h.stop();
      removeDir(h.dir);
    }
  }, 120_000);
});
