// The README's curl lines and A2A client snippet work as printed (against a test host: only the
// address and the key are substituted), the snippet on both A2A bindings.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeBlock } from '../helpers/readme.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { KEYS, removeDir, startHost } from '../helpers/host.ts';

// Asynchronous on purpose: the host runs in this process and must keep serving meanwhile.
const run = promisify(execFile);

describe('README', () => {
  it('curl commands answer as documented, and the official client snippet completes a task', async () => {
    const h = await startHost();
    const snippet = join(projectRoot, `.readme-client-${process.pid}.mjs`);
    try {
      const port = new URL(h.url).port;
      const lines = readmeBlock('readme-curl').trim().split('\n');
      const outputs: string[] = [];
      for (const line of lines) {
        const { stdout } = await run(
          'bash',
          ['-c', line.replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)],
          {
            env: { ...process.env, KEY: KEYS.acme },
          },
        );
        outputs.push(stdout);
      }
      expect(JSON.parse(outputs[0]!)).toHaveProperty(
        'a2a.agentCardUrl',
        `${h.url}/.well-known/agent-card.json`,
      );
      expect(JSON.parse(outputs[1]!)).toMatchObject({
        workflowId: 'echo',
        status: 'completed',
        outputs: { text: 'hi' },
      });
      expect(JSON.parse(outputs[2]!)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } },
      });

      writeFileSync(
        snippet,
        readmeBlock('readme-client').replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`),
      );
      // As the README runs it: JSON-RPC by default, HTTP+JSON with A2A_BINDING; both carry the key.
      for (const [binding, env] of [
        ['JSONRPC', {}],
        ['HTTP+JSON', { A2A_BINDING: 'HTTP+JSON' }],
      ] as const) {
        const { stdout: out } = await run(process.execPath, [snippet], {
          env: { ...process.env, WOPGEN_KEY: KEYS.acme, ...env },
        });
        expect(out.trim()).toBe(`${binding} TASK_STATE_COMPLETED`);
      }
    } finally {
      rmSync(snippet, { force: true });
      await h.stop();
      removeDir(h.dir);
    }
  });
});
