// emitValidators: ajv standalone code (no schema compiled at host start) as an ES module, and the
// declarations that type each export as a guard of the type a sibling module declares.
import { describe, expect, it } from 'vitest';
import { emitValidators } from '../../../generator/emit/validators.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

type Guard = ((data: unknown) => boolean) & { errors?: { instancePath: string }[] | null };

describe('emitValidators', () => {
  const model = bundledModel();
  const [js, dts] = emitValidators(model);

  it('emits the code as printed and its declarations through the formatter', () => {
    expect([js!.path, js!.parser, dts!.path, dts!.parser]).toEqual([
      'validators/standalone.js',
      'printed',
      'validators/standalone.d.ts',
      'typescript',
    ]);
    expect(importLines(js!)).toEqual(["import { createRequire } from 'node:module';"]);
    expect(js!.body).not.toMatch(/^"use strict"/);
  });

  it('declares one guard per schema, importing each guarded type from its module', () => {
    expect(importLines(dts!)).toEqual([
      "import type { HostEvent, NegotiationDecided } from '../types/events.js';",
      "import type { A2AFacet, McpFacet } from '../types/facets.js';",
      "import type { DiscoveryDocument } from '../types/openapi.js';",
    ]);
    const declared = [...dts!.body.matchAll(/^export declare const (\w+): Validator<(\w+)>;$/gm)];
    expect(declared.map((m) => [m[1], m[2]])).toEqual([
      ['validateA2AFacet', 'A2AFacet'],
      ['validateMcpFacet', 'McpFacet'],
      ['validateDiscoveryDocument', 'DiscoveryDocument'],
      ['validateHostEvent', 'HostEvent'],
      ['validateNegotiationDecided', 'NegotiationDecided'],
    ]);
  });

  it('runs: a guard accepts a valid value and explains a rejected one', () => {
    const mod = runEmitted(js!) as Record<string, Guard>;
    const facet = mod['validateA2AFacet']!;
    expect(facet('not an object')).toBe(false);
    expect(facet.errors?.[0]?.instancePath).toBe('');
    const negotiation = mod['validateNegotiationDecided']!;
    expect(typeof negotiation).toBe('function');
  });

  it('leaves out the guards whose schema the model lacks', () => {
    const m = bundledModel();
    m.discovery = null;
    m.hostEvent = null;
    const [, d] = emitValidators(m);
    expect(importLines(d!)).toEqual([
      "import type { NegotiationDecided } from '../types/events.js';",
      "import type { A2AFacet, McpFacet } from '../types/facets.js';",
    ]);
    expect(d!.body).not.toContain('validateHostEvent');
  });
});
