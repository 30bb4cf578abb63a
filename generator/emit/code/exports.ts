// The names a generated module exports, read off its text: what the package index needs to know
// when two modules export the same name (json-schema-to-typescript names a shared definition
// after its schema, so `Part` can come from the A2A wire types and from an event payload alike).

export interface ExportedName {
  name: string;
  /** Type-only names are re-exported with `export type`. */
  kind: 'type' | 'value';
}

const DECLARATION =
  /^export (?:declare )?(?:async )?(type|interface|const|let|var|function\*?|class|enum|abstract class) +([A-Za-z_$][\w$]*)/gm;
const LIST = /^export (type )?\{([^}]*)\}(?! from)/gm;

export function exportedNames(text: string): ExportedName[] {
  const out = new Map<string, ExportedName>();
  for (const m of text.matchAll(DECLARATION)) {
    const kind = m[1] === 'type' || m[1] === 'interface' ? 'type' : 'value';
    out.set(m[2]!, { name: m[2]!, kind });
  }
  for (const m of text.matchAll(LIST)) {
    for (const part of m[2]!.split(',')) {
      const item = part.trim();
      if (item === '') continue;
      const typeOnly = m[1] !== undefined || item.startsWith('type ');
      const name = item
        .replace(/^type /, '')
        .split(/ as /)
        .pop()!
        .trim();
      out.set(name, { name, kind: typeOnly ? 'type' : 'value' });
    }
  }
  return [...out.values()];
}
