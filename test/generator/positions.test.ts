// The text walk that locates a JSON pointer without a parse tree must answer exactly what the
// tree lookup answers: over every JSON input of the bundled spec (and the upstream copy when it is
// set), and over generated documents with duplicate keys, escapes and odd whitespace.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateJson, locateJsonText, parseJsonTree } from '../../generator/load/positions.ts';
import { joinPointer } from '../../generator/load/pointer.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const viaTree = (text: string, pointer: string) => locateJson(text, parseJsonTree(text), pointer);

/** Every pointer of a value, then variants that stop existing part way. */
function pointersOf(value: unknown, base = ''): string[] {
  const out = [base, `${base}/missing`, `${base}/0`, `${base}/999`];
  if (Array.isArray(value))
    value.forEach((v, i) => out.push(...pointersOf(v, joinPointer(base, i))));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pointersOf(v, joinPointer(base, k)));
  return out;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsonFiles(p);
    return name.endsWith('.json') ? [p] : [];
  });
}

const roots = [join(projectRoot, 'spec'), join(projectRoot, 'schemas')];
if (process.env['WOPGEN_UPSTREAM_SPEC']) roots.push(resolve(process.env['WOPGEN_UPSTREAM_SPEC']));

describe('locating a JSON pointer by walking the text', () => {
  it('agrees with the parse-tree lookup on the spec inputs', () => {
    for (const file of roots.flatMap(jsonFiles)) {
      const text = readFileSync(file, 'utf8');
      const all = pointersOf(JSON.parse(text));
      // A spread sample keeps the large schemas quick; small files are checked in full.
      const step = Math.max(1, Math.floor(all.length / 400));
      const tree = parseJsonTree(text);
      for (let i = 0; i < all.length; i += step) {
        expect(locateJsonText(text, all[i]!), `${file} ${all[i]}`).toBe(
          locateJson(text, tree, all[i]!),
        );
        // At the value, as a `$ref` is shown, the two agree as well.
        expect(locateJsonText(text, all[i]!, 'value'), `${file} ${all[i]} value`).toBe(
          locateJson(text, tree, all[i]!, 'value'),
        );
      }
    }
  });

  it('agrees on generated documents, including duplicate keys and escaped keys', () => {
    const key = fc.constantFrom('a', 'b', '0', '1', 'a/b', 'x~y', 'é', 'q"t', 'back\\slash', '');
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.oneof(
          fc.integer(),
          fc.constant(null),
          fc.boolean(),
          fc.string(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }),
      ),
    })).value;
    // Renders objects as key lists so a key can repeat, with varied whitespace.
    const render = (v: unknown, ws: string): string => {
      if (
        Array.isArray(v) &&
        v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')
      )
        return `{${ws}${(v as [string, unknown][]).map(([k, e]) => `${JSON.stringify(k)}${ws}:${ws}${render(e, ws)}`).join(`,${ws}`)}${ws}}`;
      if (Array.isArray(v)) return `[${ws}${v.map((e) => render(e, ws)).join(`${ws},${ws}`)}${ws}]`;
      return JSON.stringify(v) ?? 'null';
    };
    const segment = fc.oneof(key, fc.nat(5).map(String));
    fc.assert(
      fc.property(
        json,
        fc.constantFrom('', ' ', '\n  ', '\t', '\r\n'),
        fc.array(segment, { maxLength: 5 }),
        (value, ws, segs) => {
          const text = `${ws}${render(value, ws)}${ws}`;
          JSON.parse(text);
          const pointer = joinPointer('', ...segs);
          expect(locateJsonText(text, pointer)).toBe(viaTree(text, pointer));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
