// Regenerating after the spec gains an A2A row turns into a type error that names the new
// member (the mission: "a new map row must turn into a type error that names what to implement"),
// and a new `when` case is routed to itself only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { a2aOperations } from '../../generated/a2a/operations.ts';
import { writeAtomically } from '../../generator/write.ts';
import { SpecFixture, expectDiagnostic, projectRoot } from '../helpers/spec-fixture.ts';
import { typecheck } from '../helpers/tsc.ts';
import { GET_TASK_ARTIFACT_ROW, GET_TASK_ARTIFACT_WIRE } from '../helpers/contract-rows.ts';

const MAP = 'spec/interop-map.json';
type Rows = { a2a: { operations: Record<string, unknown>[] } };

/** A handler object implementing exactly `members` (streaming ones as async generators). */
const handlerFile = (importPath: string, members: { key: string; streaming: boolean }[]) =>
  [
    `import type { A2aHandlers, A2aIo } from '${importPath}/a2a/operations.ts';`,
    `type Io = { [M in keyof A2aIo]: { params: unknown; result: unknown; event: unknown } };`,
    `export const handlers: A2aHandlers<unknown, Io> = {`,
    ...members.map((o) =>
      o.streaming ? `  async *${o.key}() {},` : `  async ${o.key}() { return undefined; },`,
    ),
    `};`,
  ].join('\n');

describe('a new map row', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/new-row-'));
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('type-checks against the current interface', () => {
    writeFileSync(join(work, 'current.ts'), handlerFile('../../generated', [...a2aOperations]));
    const r = typecheck(work, ['current.ts']);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('is a located error while the wire schema does not type it (never a silent unknown)', async () => {
    fx.editJson(MAP, (m) => {
      (m as unknown as Rows).a2a.operations.push(GET_TASK_ARTIFACT_ROW);
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'wire-type-missing',
      file: MAP,
      pointer: '/a2a/operations/12',
      line: fx.lineOf(MAP, '"upstream": "GetTaskArtifact"') - 1,
      message:
        /^GetTaskArtifact has no wire types: schemas\/a2a-1\.0\.schema\.json has no \$defs GetTaskArtifactParams or GetTaskArtifactResult$/,
    });
  });

  it('fails after regeneration, naming the new member', async () => {
    fx.editJson('schemas/a2a-1.0.schema.json', (s) => {
      Object.assign(s['$defs'] as Record<string, unknown>, GET_TASK_ARTIFACT_WIRE);
    });
    const result = await fx.generate();
    expect(result.diagnostics).toEqual([]);
    writeAtomically(join(work, 'generated'), result.files!);
    writeFileSync(join(work, 'stale.ts'), handlerFile('./generated', [...a2aOperations]));
    const r = typecheck(work, ['stale.ts']);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/Property 'getTaskArtifact' is missing in type/);
    expect(r.output).toMatch(/stale\.ts\(3,14\): error TS2741/);
  });
});

describe('a fifth `when` case of SendMessage', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/new-case-'));
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });
  const out = join(work, 'generated');

  it('generates, and tsc names the new members of both methods that serve the cases', async () => {
    // `paused` is carved out of the "not suspended and not terminal" class: the explicit case wins.
    fx.editJson(MAP, (m) => {
      const ops = (m as unknown as Rows).a2a.operations;
      ops.splice(3, 0, {
        upstream: 'SendMessage',
        http: 'POST /message:send',
        when: 'taskId, run paused',
        v2Operation: null,
        requires: [],
        rule: 'Test row: a message to a paused task.',
      });
    });
    const result = await fx.generate();
    expect(result.diagnostics).toEqual([]);
    writeAtomically(out, result.files!);
    writeFileSync(join(work, 'stale.ts'), handlerFile('./generated', [...a2aOperations]));
    const r = typecheck(work, ['stale.ts']);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(
      /stale\.ts\(3,14\): error TS2739: .* missing the following properties .*: sendMessagePaused, sendStreamingMessagePaused/,
    );
  });

  it('selects the new case for its status and leaves the others where they were', async () => {
    const gen = (await import(
      join(out, 'a2a/dispatch.ts')
    )) as typeof import('../../generated/a2a/dispatch.ts');
    const select = gen.selectA2aCase as (m: string, s: string | null) => string | null;
    expect(select('SendMessage', 'paused')).toBe('sendMessage.paused');
    expect(select('SendStreamingMessage', 'paused')).toBe('sendStreamingMessage.paused');
    expect(select('SendMessage', 'running')).toBe('sendMessage.refuseActive');
    expect(select('SendMessage', 'cancelling')).toBe('sendMessage.refuseActive');
    expect(select('SendMessage', 'waiting-input')).toBe('sendMessage.resume');
    expect(select('SendMessage', 'failed')).toBe('sendMessage.refuseTerminal');
    expect(select('SendMessage', null)).toBe('sendMessage.start');
  });

  it('routes nothing to another case before the member is written', async () => {
    const gen = (await import(join(out, 'a2a/dispatch.ts'))) as {
      createA2aDispatch: (
        h: object,
        hooks: object,
      ) => (m: string, p: unknown, c: unknown) => Promise<unknown>;
    };
    const called: string[] = [];
    // The handlers as written for the old map: every member but the new case's.
    const stale = Object.fromEntries(
      a2aOperations.map((o) => [o.key, async () => void called.push(o.key)]),
    );
    const dispatch = gen.createA2aDispatch(stale, {
      params: new Proxy({}, { get: () => (raw: unknown) => raw }),
      task: {
        SendMessage: async () => ({ status: 'paused', target: 'the task' }),
        SendStreamingMessage: async () => ({ status: 'paused', target: 'the task' }),
      },
      advertises: () => true,
      refuse: (r: { message: string }) => new Error(r.message),
    });
    await expect(dispatch('SendMessage', {}, {})).rejects.toThrow(
      /sendMessagePaused is not a function/,
    );
    expect(called).toEqual([]);
  });

  it('type-checks the generated invoke only once the new members exist', () => {
    const wiring = (members: { key: string; streaming: boolean }[]) =>
      [
        handlerFile('./generated', members),
        `import { createA2aDispatch } from './generated/a2a/dispatch.ts';`,
        `export const dispatch = createA2aDispatch(handlers, {} as never);`,
      ].join('\n');
    writeFileSync(join(work, 'wired-stale.ts'), wiring([...a2aOperations]));
    const stale = typecheck(work, ['wired-stale.ts']);
    expect(stale.status).not.toBe(0);
    expect(stale.output).toMatch(/sendMessagePaused/);
    const added = [
      ...a2aOperations,
      { key: 'sendMessagePaused', streaming: false },
      { key: 'sendStreamingMessagePaused', streaming: true },
    ];
    writeFileSync(join(work, 'wired.ts'), wiring(added));
    const done = typecheck(work, ['wired.ts']);
    expect(done.output).toBe('');
    expect(done.status).toBe(0);
  });
});

describe('a `when` phrase wopgen does not know', () => {
  const fx = new SpecFixture();
  afterAll(() => fx.dispose());

  it('is a diagnostic at the row, with its line, and nothing is generated', async () => {
    fx.editJson(MAP, (m) => {
      (m as unknown as Rows).a2a.operations[2]!['when'] = 'taskId, run idle or stuck';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    const d = expectDiagnostic(result.diagnostics, {
      code: 'when-unknown',
      file: MAP,
      pointer: '/a2a/operations/2/when',
      line: fx.lineOf(MAP, '"taskId, run idle or stuck"'),
      message:
        /"idle or stuck" in "taskId, run idle or stuck" is neither a run status nor a status class/,
    });
    expect(d.severity).toBe('error');
    expect(d.position!.column).toBeGreaterThan(1);
  });

  it('names an unknown status in a list, and an `as` naming no earlier method', async () => {
    fx.editJson(MAP, (m) => {
      const ops = (m as unknown as Rows).a2a.operations;
      ops[1]!['when'] = 'taskId, run waiting-approval | waiting-forever';
      ops[4]!['when'] = 'as SendLetter';
    });
    const result = await fx.generate();
    expect(result.files).toBeNull();
    expectDiagnostic(result.diagnostics, {
      code: 'when-unknown',
      file: MAP,
      pointer: '/a2a/operations/1/when',
      message: /"waiting-forever" in /,
    });
    expectDiagnostic(result.diagnostics, {
      code: 'when-unknown',
      file: MAP,
      pointer: '/a2a/operations/4/when',
      message: /names SendLetter, which no earlier row serves/,
    });
  });
});

describe('a `when` case removed (a gap in the map)', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/gap-'));
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });
  const out = join(work, 'generated');

  it('warns, and the generated dispatcher refuses what no case serves', async () => {
    fx.editJson(MAP, (m) => {
      (m as unknown as Rows).a2a.operations.splice(3, 1); // "taskId, run terminal and retained"
    });
    const result = await fx.generate();
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.pointer])).toEqual([
      ['when-gap', 'warning', '/a2a/operations/0/when'],
      ['when-gap', 'warning', '/a2a/operations/3/when'],
    ]);
    writeAtomically(out, result.files!);
    const typed = typecheck(work, ['generated/**/*.ts']);
    expect(typed.output).toBe('');
    const gen = (await import(join(out, 'a2a/dispatch.ts'))) as {
      selectA2aCase: (m: string, s: string | null) => string | null;
      createA2aDispatch: (
        h: object,
        hooks: object,
      ) => (m: string, p: unknown, c: unknown) => Promise<unknown>;
    };
    expect(gen.selectA2aCase('SendMessage', 'completed')).toBeNull();
    expect(gen.selectA2aCase('SendMessage', 'running')).toBe('sendMessage.refuseActive');
    const called: string[] = [];
    const handlers = new Proxy({}, { get: (_t, key) => async () => void called.push(String(key)) });
    const dispatch = gen.createA2aDispatch(handlers, {
      params: new Proxy({}, { get: () => (raw: unknown) => raw }),
      task: {
        SendMessage: async () => ({ status: 'completed', target: 'the task' }),
        SendStreamingMessage: async () => ({ status: 'failed', target: 'the task' }),
      },
      advertises: () => true,
      refuse: (r: { error: string; message: string }) => new Error(`${r.error}: ${r.message}`),
    });
    await expect(dispatch('SendMessage', {}, {})).rejects.toThrow(
      'UnsupportedOperationError: no SendMessage case serves this request',
    );
    await expect(dispatch('SendStreamingMessage', {}, {})).rejects.toThrow(
      'UnsupportedOperationError: no SendStreamingMessage case serves this request',
    );
    expect(called).toEqual([]);
  });
});
