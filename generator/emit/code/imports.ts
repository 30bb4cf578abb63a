// The import block of one generated module: names collected per specifier, deduplicated and
// sorted (specifiers, then names, by code unit), so the same uses always print the same lines.
import type { TsSymbol } from './symbols.ts';

export class ImportSet {
  /** specifier → name → whether every use is type-only. */
  private readonly bySpecifier = new Map<string, Map<string, boolean>>();

  add(specifier: string, name: string, typeOnly: boolean): void {
    const names = this.bySpecifier.get(specifier) ?? new Map<string, boolean>();
    // A name used once as a value is a value import, however often it is used as a type.
    names.set(name, (names.get(name) ?? true) && typeOnly);
    this.bySpecifier.set(specifier, names);
  }

  get size(): number {
    return this.bySpecifier.size;
  }

  /** The JavaScript's imports: one line per specifier that any value is imported from. */
  valueLines(): string[] {
    return sorted([...this.bySpecifier.keys()]).flatMap((specifier) => {
      const names = this.bySpecifier.get(specifier)!;
      const values = sorted([...names.keys()].filter((k) => !names.get(k)));
      return values.length === 0 ? [] : [`import { ${values.join(', ')} } from '${specifier}';`];
    });
  }

  /** One line per specifier: `import type` when every name is a type, else `type` per name. */
  lines(): string[] {
    return sorted([...this.bySpecifier.keys()]).map((specifier) => {
      const names = this.bySpecifier.get(specifier)!;
      const keys = sorted([...names.keys()]);
      const allTypes = keys.every((k) => names.get(k));
      const list = allTypes ? keys : keys.map((k) => (names.get(k) ? `type ${k}` : k));
      return `import ${allTypes ? 'type ' : ''}{ ${list.join(', ')} } from '${specifier}';`;
    });
  }
}

/** The specifier module `from` imports `target` by: relative `.js` paths inside the package. */
export function specifierOf(from: string, target: TsSymbol['module']): string {
  if (!/\.(ts|js)$/.test(target)) return target;
  const fromDir = from.split('/').slice(0, -1);
  const to = target.replace(/\.(ts|js)$/, '.js').split('/');
  let common = 0;
  while (common < fromDir.length && common < to.length - 1 && fromDir[common] === to[common])
    common++;
  const up = fromDir.slice(common).map(() => '..');
  const rel = [...up, ...to.slice(common)].join('/');
  return up.length > 0 ? rel : `./${rel}`;
}

function sorted(values: string[]): string[] {
  return values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
