// RFC 6570 level-1 URI templates (`{var}` simple string expansion only) for the catalogue's
// resource templates: parsed once at load, matched against a normalized `resources/read` URI.
// A level-1 expansion percent-encodes everything outside the unreserved set, so a variable's value
// never holds `/`, `?` or `#`; a match reads the value up to the next such delimiter and decodes it.

export interface UriTemplate {
  readonly source: string;
  readonly variables: readonly string[];
  readonly pattern: RegExp;
}

const VARNAME = /^[A-Za-z0-9_]+$/;
const EXPRESSION = /\{([^{}]*)\}/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The parsed template, or a message saying why it is not a level-1 template. */
export function parseUriTemplate(source: string): UriTemplate | string {
  const variables: string[] = [];
  let regex = '^';
  let last = 0;
  for (const m of source.matchAll(EXPRESSION)) {
    const literal = source.slice(last, m.index);
    if (/[{}]/.test(literal)) return 'unbalanced "{" or "}"';
    if (m.index === last && last > 0) return 'two variables in a row cannot be told apart';
    const name = m[1]!;
    if (!VARNAME.test(name))
      return `"{${name}}" is not a level-1 expression (only {name}, name of [A-Za-z0-9_])`;
    if (variables.includes(name)) return `variable "${name}" appears twice`;
    variables.push(name);
    regex += `${escapeRegExp(literal)}([^/?#]+)`;
    last = m.index + m[0].length;
  }
  const tail = source.slice(last);
  if (/[{}]/.test(tail)) return 'unbalanced "{" or "}"';
  regex += `${escapeRegExp(tail)}$`;
  return { source, variables, pattern: new RegExp(regex) };
}

/** The template with every variable replaced by `value` (to check its literal parts as a URI). */
export function expandAll(template: UriTemplate, value: string): string {
  return template.source.replace(EXPRESSION, () => value);
}

/**
 * The variables of `uri` when it matches, percent-decoded; undefined when it does not match or a
 * value is not valid UTF-8 once decoded (such a URI names no resource).
 */
export function matchUriTemplate(
  template: UriTemplate,
  uri: string,
): Record<string, string> | undefined {
  const m = template.pattern.exec(uri);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const [i, name] of template.variables.entries()) {
    try {
      out[name] = decodeURIComponent(m[i + 1]!);
    } catch {
      return undefined;
    }
  }
  return out;
}
