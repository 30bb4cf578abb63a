// One generated TypeScript module under construction: uses of symbols become its imports
// (imports.ts), declarations are appended as blocks, and `file()` prints it once, imports first,
// for the formatter (support/format.ts). Every code emitter builds its output through this.
import type { Origin } from '../../model/ir.ts';
import type { EmittedFile } from '../source-file.ts';
import { ImportSet, specifierOf } from './imports.ts';
import type { TsSymbol } from './symbols.ts';

export class TsModule {
  private readonly imports = new ImportSet();
  private readonly reexports = new Set<string>();
  private readonly blocks: string[][] = [];

  /** @param path the module's path in the package (`a2a/dispatch.ts`) */
  constructor(readonly path: string) {}

  /** Names `symbol` in this module, importing it unless this module declares it; returns the name. */
  use(symbol: TsSymbol): string {
    if (symbol.module !== this.path)
      this.imports.add(specifierOf(this.path, symbol.module), symbol.name, symbol.kind === 'type');
    return symbol.name;
  }

  /** `use` for several symbols; returns their names in order. */
  useAll(symbols: readonly TsSymbol[]): string[] {
    return symbols.map((s) => this.use(s));
  }

  /** Re-exports everything of the module at package path `module` (`export * from …`). */
  reexportAll(module: string): this {
    this.reexports.add(specifierOf(this.path, module));
    return this;
  }

  /** Appends declarations; blocks are printed apart by one blank line. */
  add(...lines: string[]): this {
    this.blocks.push(lines);
    return this;
  }

  /** The module's text: imports, re-exports (each sorted by specifier), then the blocks in the order they were added. */
  text(): string {
    const reexports = [...this.reexports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const head = [...this.imports.lines(), ...reexports.map((s) => `export * from '${s}';`)];
    const body = this.blocks.map((b) => b.join('\n'));
    return [...(head.length > 0 ? [head.join('\n')] : []), ...body].join('\n\n');
  }

  file(from: string[], parser: EmittedFile['parser'] = 'typescript'): EmittedFile {
    return { path: this.path, from, body: this.text(), parser };
  }
}

/** The file an emitter's origins come from, or `fallback` when it has no rows. */
export function originFile(origins: readonly { origin: Origin }[], fallback: string): string {
  return origins[0]?.origin.file ?? fallback;
}
