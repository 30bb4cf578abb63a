// `wopgen serve` flags for A2A content modes (config.a2a.defaultInputModes / defaultOutputModes /
// skillModes): flags over environment, each mistake a usage error naming it, and the served card
// carrying what the flags said.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveSettings } from '../../runtime/serve.ts';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

afterEach(killLeftovers);

const cwd = tmpdir();

describe('content-mode settings', () => {
  it('reads the flags, falling back to the environment', () => {
    const env = {
      WOPGEN_A2A_INPUT_MODES: 'text/markdown',
      WOPGEN_A2A_SKILL_MODES: 'echo:in=text/plain  echo:out=application/json',
    };
    expect(
      serveSettings(
        ['--a2a-input-modes', 'text/plain, application/json', '--a2a-output-modes', 'text/csv'],
        env,
        cwd,
      ),
    ).toMatchObject({
      a2aInputModes: ['text/plain', 'application/json'],
      a2aOutputModes: ['text/csv'],
      a2aSkillModes: { echo: { inputModes: ['text/plain'], outputModes: ['application/json'] } },
    });
    expect(serveSettings([], env, cwd)).toMatchObject({ a2aInputModes: ['text/markdown'] });
    expect(
      serveSettings(
        [
          '--a2a-skill-modes',
          'echo:in=image/png,image/jpeg',
          '--a2a-skill-modes',
          'noop:out=text/plain',
        ],
        env,
        cwd,
      ).a2aSkillModes,
    ).toEqual({
      echo: { inputModes: ['image/png', 'image/jpeg'] },
      noop: { outputModes: ['text/plain'] },
    });
    const none = serveSettings([], {}, cwd);
    expect(none).not.toHaveProperty('a2aInputModes');
    expect(none).not.toHaveProperty('a2aSkillModes');
  });

  it.each([
    [['--a2a-input-modes', 'text'], '--a2a-input-modes: "text" is not a media type (type/subtype)'],
    [['--a2a-output-modes', ' , '], '--a2a-output-modes names no media type'],
    [
      ['--a2a-skill-modes', 'echo=text/plain'],
      '--a2a-skill-modes takes SKILL:in=TYPE,TYPE or SKILL:out=TYPE,TYPE, got "echo=text/plain"',
    ],
    [
      ['--a2a-skill-modes', 'echo:in=text/plain;x'],
      '--a2a-skill-modes echo:in: "text/plain;x" is not a media type (type/subtype)',
    ],
  ])('%j is a usage error (exit 2) naming it', async (args, message) => {
    const s = startServe(args);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(`wopgen serve: ${message}\nRun wopgen serve --help for usage.\n`);
  });
});

describe('the served card', () => {
  it('carries the default modes and a skill’s own; a skill no workflow has exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-serve-modes-'));
    try {
      const store = ['--store', `sqlite:${join(dir, 'h.db')}`];
      const s = startServe([
        '--port',
        '0',
        ...store,
        '--a2a-input-modes',
        'text/plain',
        '--a2a-skill-modes',
        'echo:in=application/json',
      ]);
      const listening = await s.ready;
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(listening.msg)![1]!;
      const card = (await (await fetch(`${base}/.well-known/agent-card.json`)).json()) as {
        defaultInputModes: string[];
        defaultOutputModes: string[];
        skills: { id: string; inputModes?: string[] }[];
      };
      expect(card.defaultInputModes).toEqual(['text/plain']);
      expect(card.defaultOutputModes).toEqual(['application/json', 'text/plain']);
      expect(card.skills.find((k) => k.id === 'echo')?.inputModes).toEqual(['application/json']);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);

      const bad = startServe(['--port', '0', ...store, '--a2a-skill-modes', 'nope:in=text/plain']);
      expect(await bad.exited).toBe(1);
      expect(bad.stderr()).toBe('wopgen serve: --a2a-skill-modes names no workflow: nope\n');
    } finally {
      removeDir(dir);
    }
  });
});
