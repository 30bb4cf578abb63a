// Test helper: a private copy of the bundled spec in a temp directory, edited per test, and an
// `expectDiagnostic` that asserts code, file, pointer and line of one reported problem.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Diagnostic } from '../../generator/diagnostics/diagnostic.ts';
import { generate, type GenerateResult } from '../../generator/pipeline.ts';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export class SpecFixture {
  readonly root: string;
  readonly specDir: string;

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), 'wopgen-spec-'));
    cpSync(join(projectRoot, 'spec'), join(this.root, 'spec'), { recursive: true });
    cpSync(join(projectRoot, 'schemas'), join(this.root, 'schemas'), { recursive: true });
    this.specDir = join(this.root, 'spec');
  }

  path(rel: string): string {
    return join(this.root, rel);
  }

  read(rel: string): string {
    return readFileSync(this.path(rel), 'utf8');
  }

  write(rel: string, text: string): void {
    writeFileSync(this.path(rel), text);
  }

  /** Parses a JSON file, lets the test change it, and writes it back with two-space indentation. */
  editJson(rel: string, edit: (data: Record<string, unknown>) => void): void {
    const data = JSON.parse(this.read(rel)) as Record<string, unknown>;
    edit(data);
    this.write(rel, JSON.stringify(data, null, 2) + '\n');
  }

  /** 1-based line of the first occurrence of `needle` in a file (to assert reported lines). */
  lineOf(rel: string, needle: string): number {
    const text = this.read(rel);
    const at = text.indexOf(needle);
    if (at < 0) throw new Error(`${needle} not in ${rel}`);
    return text.slice(0, at).split('\n').length;
  }

  generate(): Promise<GenerateResult> {
    return generate(this.specDir, { command: 'npx wopgen generate --spec spec --out generated' });
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export interface ExpectedDiagnostic {
  code: Diagnostic['code'];
  file: string;
  pointer: string;
  line?: number;
  message?: RegExp;
}

export function expectDiagnostic(diagnostics: Diagnostic[], want: ExpectedDiagnostic): Diagnostic {
  const hit = diagnostics.find(
    (d) => d.code === want.code && d.file === want.file && d.pointer === want.pointer,
  );
  expect(
    hit,
    `no ${want.code} at ${want.file}#${want.pointer}; got:\n${diagnostics.map((d) => `${d.code} ${d.file}#${d.pointer}`).join('\n')}`,
  ).toBeDefined();
  if (want.line !== undefined) expect(hit!.position?.line).toBe(want.line);
  if (want.message) expect(hit!.message).toMatch(want.message);
  return hit!;
}
