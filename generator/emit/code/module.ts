// One generated TypeScript module under construction: uses of symbols become its imports
// (imports.ts), declarations (declarations.ts) are appended as blocks, and `file()` prints it
// once, imports first, as its TypeScript source for the formatter (support/format.ts) and as the
// JavaScript and declarations of dist/. Every code emitter builds its output through this.
import type { Origin } from '../../model/ir.ts';
import type { EmittedFile } from '../source-file.ts';
import type { Declaration } from './declarations.ts';
import { ImportSet, specifierOf } from './imports.ts';
import type { TsSymbol } from './symbols.ts';

/** The three texts of a module: its source, and its JavaScript and declarations for dist/. */
export type Flavor = 'ts' | 'js' | 'dts';

export class TsModule {
  private readonly imports = new ImportSet();
  private readonly reexports = new Set<string>();
  private readonly blocks: Declaration[][] = [];

  /** @param path the module's path in the package (`a2a/dispatch.ts`) */
  constructor(readonly path: string) {}

  /** Names `symbol` in this module, importing it unless this module declares it; returns the name. */
  use(symbol: TsSymbol): string {
    if (symbol.module !== this.path)
      this.imports.add(specifierOf(this.path, symbol.module), symbol.name, symbol.kind === 'type');
    return symbol.name;
  }

  /** `use` for several symbols; returns their names in order. */
  useAll<const T extends readonly TsSymbol[]>(symbols: T): { [K in keyof T]: string } {
    return symbols.map((s) => this.use(s)) as { [K in keyof T]: string };
  }

  /** Re-exports everything of the module at package path `module` (`export * from …`). */
  reexportAll(module: string): this {
    this.reexports.add(specifierOf(this.path, module));
    return this;
  }

  /** Appends declarations as one block; blocks are printed apart by one blank line. */
  add(...declarations: Declaration[]): this {
    this.blocks.push(declarations);
    return this;
  }

  /**
   * The module's text: imports, re-exports (each sorted by specifier), then the blocks in the
   * order they were added. The JavaScript imports only what is used as a value.
   */
  text(flavor: Flavor = 'ts'): string {
    const reexports = [...this.reexports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const head = [
      ...(flavor === 'js' ? this.imports.valueLines() : this.imports.lines()),
      ...reexports.map((s) => `export * from '${s}';`),
    ];
    const body = this.blocks
      .map((b) => b.flatMap((d) => d[flavor] ?? []))
      .filter((lines) => lines.length > 0)
      .map((lines) => lines.join('\n'));
    // A .d.ts exports every name it declares unless it says otherwise (tsc writes the same).
    const local = flavor === 'dts' && this.blocks.some((b) => b.some((d) => d.local && d.dts));
    const parts = [...(head.length > 0 ? [head.join('\n')] : []), ...body];
    if (local) parts.push('export {};');
    return parts.join('\n\n');
  }

  /** The emitted source; a TypeScript module (not a .js or .d.ts one) with its dist/ texts. */
  file(from: string[], parser: EmittedFile['parser'] = 'typescript'): EmittedFile {
    const file: EmittedFile = { path: this.path, from, body: this.text(), parser };
    if (!this.path.endsWith('.ts') || this.path.endsWith('.d.ts')) return file;
    // A module with no value at all is still a module (tsc writes the same).
    const js = this.text('js') || 'export {};';
    return { ...file, dist: { js: `${js}\n`, dts: `${this.text('dts')}\n` } };
  }
}

/** The file an emitter's origins come from, or `fallback` when it has no rows. */
export function originFile(origins: readonly { origin: Origin }[], fallback: string): string {
  return origins[0]?.origin.file ?? fallback;
}
