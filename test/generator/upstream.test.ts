// The real upstream spec (../shared/openwop-v2 via WOPGEN_UPSTREAM_SPEC): generation succeeds,
// the output type-checks, and the copy's known disagreements come out as precise warnings.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Diagnostic } from '../../generator/diagnostics/diagnostic.ts';
import { generate, type GenerateResult } from '../../generator/pipeline.ts';
import { writeAtomically } from '../../generator/write.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { typecheck } from '../helpers/tsc.ts';
import { describeIf, UPSTREAM_SPEC } from '../helpers/requires.ts';

const upstream = process.env['WOPGEN_UPSTREAM_SPEC'];

describeIf(UPSTREAM_SPEC)('the upstream OpenWOP v2 spec', () => {
  let result: GenerateResult;
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/upstream-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const find = (code: Diagnostic['code'], file: string, pointer: string) =>
    result.diagnostics.find((d) => d.code === code && d.file === file && d.pointer === pointer);

  it('generates with warnings only', async () => {
    result = await generate(resolve(upstream!), {
      command: 'npx wopgen generate --spec openwop-v2 --out generated',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.files).not.toBeNull();
    expect(result.model!.layout).toBe('upstream');
    expect(result.model!.openapi.operationIds).toHaveLength(53);
  });

  it('reports that event-codemap.json does not validate against its own schema', () => {
    const version = result.diagnostics.filter(
      (d) => d.file === 'spec/v2/event-codemap.json' && d.pointer === '/version',
    );
    expect(version.map((d) => [d.code, d.severity, d.message.split(' (')[0]])).toEqual([
      ['file-schema', 'warning', 'must be integer'],
      ['file-schema', 'warning', 'must equal 1'],
    ]);
    expect(version[0]!.position).toEqual({ line: 4, column: 3 });
    expect(find('file-schema', 'spec/v2/event-codemap.json', '/counts')?.message).toMatch(
      /unexpected property "renamed"/,
    );
  });

  it('reports interop requirements the upstream schemas do not carry', () => {
    expect(
      find(
        'event-field-missing',
        'schemas/v2/run-event-payloads.schema.json',
        '/$defs/negotiationDecided',
      )?.message,
    ).toMatch(/declares no "requested"/);
    expect(
      find('discovery-family-missing', 'schemas/v2/capabilities.schema.json', '/properties')
        ?.message,
    ).toMatch(/no "hostEvents" property/);
  });

  it('reads the map: every row, with the v2 operations the copy defines', () => {
    const m = result.model!;
    expect(m.a2a.operations.map((o) => o.method)).toContain('ListTaskPushNotificationConfigs');
    // 14 rows' names, with the `as SendMessage` row expanded into SendMessage's four cases.
    expect(m.a2a.operations).toHaveLength(17);
    expect(m.mcp.methods.map((x) => x.method)).toEqual([
      'server/discover',
      'tools/list',
      'tools/call',
      'prompts/get',
      'resources/read',
      'tasks/get',
      'tasks/update',
      'tasks/cancel',
      'subscriptions/listen',
    ]);
    expect(m.mcp.refusedMethods.map((x) => x.method)).toEqual([
      'initialize',
      'notifications/tasks',
    ]);
    // "subscriptions/listen taskIds": the method is core, only its taskIds filter is the extension's.
    const listen = m.mcp.methods.find((x) => x.method === 'subscriptions/listen')!;
    expect([listen.extension, listen.extensionParams]).toEqual([null, ['taskIds']]);
    const get = m.mcp.methods.find((x) => x.method === 'tasks/get')!;
    expect([get.extension, get.extensionParams]).toEqual(['io.modelcontextprotocol/tasks', []]);
    expect(m.events.map((e) => e.type)).toContain('negotiation.decided');
  });

  it('produces output that type-checks with tsc --noEmit', () => {
    writeAtomically(join(work, 'generated'), result.files!);
    const r = typecheck(work, ['generated/**/*.ts']);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('is deterministic on the upstream corpus too', async () => {
    const again = await generate(resolve(upstream!), {
      command: 'npx wopgen generate --spec openwop-v2 --out generated',
    });
    expect([...again.files!.keys()]).toEqual([...result.files!.keys()]);
    for (const [path, text] of result.files!) expect(again.files!.get(path), path).toBe(text);
  });
});
