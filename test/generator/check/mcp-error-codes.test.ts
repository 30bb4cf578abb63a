// check rule mcp-error-codes, reading the IR only: the codes a header or `_meta` rule names are in
// the model (model/build.ts), and a code that disagrees with the revision is reported at the rule.
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../generator/diagnostics/diagnostic.ts';
import { mcpErrorCodes } from '../../../generator/check/rules/mcp-error-codes.ts';
import { bundledModel } from '../emit/fixture.ts';
import { expectDiagnostic, SpecFixture } from '../../helpers/spec-fixture.ts';

describe('mcp-error-codes', () => {
  it('finds the named codes in the model of the bundled map, and no disagreement', () => {
    const model = bundledModel();
    expect(model.mcp.headers[0]).toMatchObject({
      element: 'MCP-Protocol-Version',
      errorsNamed: [{ name: 'HeaderMismatchError', code: -32020 }],
      origin: { file: 'spec/interop-map.json', pointer: '/mcp/headers/0' },
    });
    expect(model.mcp.meta[0]!.errorsNamed).toEqual([
      { name: 'MissingRequiredClientCapabilityError', code: -32021 },
    ]);
    const sink = new DiagnosticSink(() => undefined);
    mcpErrorCodes.run({ model }, sink);
    expect(sink.items).toEqual([]);
  });

  it('reports a rule naming a code the revision does not give that error', () => {
    const model = bundledModel();
    model.mcp.meta[0]!.errorsNamed = [
      { name: 'MissingRequiredClientCapabilityError', code: -32099 },
    ];
    const sink = new DiagnosticSink(() => undefined);
    mcpErrorCodes.run({ model }, sink);
    expect(sink.items.map((d) => [d.code, d.file, d.pointer, d.message])).toEqual([
      [
        'mcp-error-disagrees',
        'spec/interop-map.json',
        '/mcp/meta/0/rule',
        'MissingRequiredClientCapabilityError is -32021 in MCP 2026-07-28, the rule says -32099',
      ],
    ]);
  });

  describe('through a generation', () => {
    const fixture = new SpecFixture();
    afterAll(() => fixture.dispose());

    it('warns at the rule text and its line', async () => {
      fixture.write(
        'spec/interop-map.json',
        fixture
          .read('spec/interop-map.json')
          .replace('HeaderMismatchError (-32020)', 'HeaderMismatchError (-32030)'),
      );
      const result = await fixture.generate();
      const d = expectDiagnostic(result.diagnostics, {
        code: 'mcp-error-disagrees',
        file: 'spec/interop-map.json',
        pointer: '/mcp/headers/0/rule',
        line: fixture.lineOf('spec/interop-map.json', 'HeaderMismatchError (-32030)'),
      });
      expect(d.severity).toBe('warning');
    });
  });
});
