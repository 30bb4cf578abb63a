// DESIGN.md §3: one check rule per file under generator/check/rules/, each registered exactly
// once in generator/check/index.ts, with an id that names its file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRules } from '../../generator/check/index.ts';
import { catalogue } from '../../generator/diagnostics/catalogue.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const rulesDir = join(projectRoot, 'generator/check/rules');
const ruleFiles = readdirSync(rulesDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('check rule registry', () => {
  it('registers every file in check/rules exactly once, under its file name', () => {
    const ids = checkRules.map((r) => r.id);
    expect([...ids].sort()).toEqual(ruleFiles);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each rule file exports exactly one rule, whose id is the file name', () => {
    for (const file of ruleFiles) {
      const text = readFileSync(join(rulesDir, `${file}.ts`), 'utf8');
      expect(text.match(/export const \w+: CheckRule = \{/g), file).toHaveLength(1);
      expect(text, file).toContain(`id: '${file}',`);
    }
  });

  it('each rule says what it checks and reports only catalogued codes', () => {
    for (const rule of checkRules) {
      expect(rule.checks.length, rule.id).toBeGreaterThan(0);
      expect(rule.reports.length, rule.id).toBeGreaterThan(0);
      for (const code of rule.reports) expect(Object.keys(catalogue), rule.id).toContain(code);
    }
  });

  it('index.ts imports each rule file once', () => {
    const index = readFileSync(join(projectRoot, 'generator/check/index.ts'), 'utf8');
    for (const file of ruleFiles)
      expect(index.split(`from './rules/${file}.ts'`).length - 1, file).toBe(1);
  });
});
