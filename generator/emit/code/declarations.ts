// The declarations of a generated module as each of its three outputs holds them: the TypeScript
// source, the JavaScript of dist/ (the types left out) and the declarations of dist/ (the values
// left out), as protobuf-es's js+dts targets print them. An emitter states what is a type, what a
// value and which parts of a line are TypeScript only; the builder (module.ts) prints all three,
// so no compiler runs at generation time.

/** A line, or part of one, whose TypeScript-only parts are left out of the JavaScript. */
export class Code {
  /** @param js null: the whole line is TypeScript only (absent from the JavaScript) */
  constructor(
    readonly ts: string,
    readonly js: string | null,
  ) {}
}

/** A line of code: the same text in the TypeScript and the JavaScript, or a `Code`. */
export type Line = string | Code;

/** Text that is TypeScript only: a type annotation, `as T`, `!`, type arguments. */
export function tsOnly(text: string): Code {
  return new Code(text, '');
}

/** A whole line that is TypeScript only (a line of a type annotation spread over several). */
export function tsLine(text: string): Code {
  return new Code(text, null);
}

/** `name: type` in the TypeScript, `name` in the JavaScript (a parameter, a local). */
export function typed(name: string, type: string): Code {
  return new Code(`${name}: ${type}`, name);
}

/** `(expr as type)` in the TypeScript, `expr` in the JavaScript. */
export function cast(expr: string, type: string): Code {
  return new Code(`(${expr} as ${type})`, expr);
}

/** `expr!` in the TypeScript, `expr` in the JavaScript. */
export function nonNull(expr: string): Code {
  return new Code(`${expr}!`, expr);
}

/** A line from a template whose `Code` parts give their TypeScript and JavaScript text. */
export function code(strings: TemplateStringsArray, ...parts: (string | number | Code)[]): Code {
  let ts = strings[0]!;
  let js = strings[0]!;
  parts.forEach((p, i) => {
    ts += (p instanceof Code ? p.ts : String(p)) + strings[i + 1]!;
    js += (p instanceof Code ? (p.js ?? '') : String(p)) + strings[i + 1]!;
  });
  return new Code(ts, js);
}

export function tsOf(line: Line): string {
  return typeof line === 'string' ? line : line.ts;
}

/** The line's JavaScript; null when the line is TypeScript only. */
export function jsOf(line: Line): string | null {
  return typeof line === 'string' ? line : line.js;
}

/** One top-level statement (with its doc comment) as each output holds it. */
export interface Declaration {
  ts: string[];
  /** null: absent from the JavaScript (a type). */
  js: string[] | null;
  /** null: absent from the declarations (a value the module keeps to itself). */
  dts: string[] | null;
  /**
   * The declarations hold a name the module does not export: they then end with `export {};`,
   * which keeps such a name private there as it is in the source (a .d.ts without it exports all).
   */
  local?: boolean;
}

/**
 * Type aliases and interfaces: the source's lines, in the TypeScript and the declarations alike.
 * A line that starts a declaration without `export` makes it module-local.
 */
export function types(...lines: string[]): Declaration {
  return {
    ts: lines,
    js: null,
    dts: lines,
    local: lines.some((l) => /^(type|interface) /.test(l)),
  };
}

/**
 * Lines that are the same in all three outputs: a re-export, or a module that is itself
 * JavaScript or declarations (ajv's standalone code and the .d.ts beside it).
 */
export function verbatim(...lines: string[]): Declaration {
  return { ts: lines, js: lines, dts: lines };
}

/** A statement of the JavaScript and the TypeScript that declares nothing for the .d.ts. */
export function statement(...lines: Line[]): Declaration {
  return { ts: lines.map(tsOf), js: jsLines(lines), dts: null };
}

export interface ConstantOptions {
  /** Lines of its doc comment (kept in all three outputs, as tsc keeps them). */
  doc?: string[];
  /** Default true; a module-local constant is absent from the declarations. */
  exported?: boolean;
  name: string;
  /** Its declared type; without it the value must be a literal (declared as itself). */
  type?: string;
  /** The initializer: its first line follows `= `; the statement's `;` is added after the last. */
  value: Line[];
  /** TypeScript only, after the value: ` as const satisfies Record<…>`. */
  tsSuffix?: string;
}

/** `const name: type = value;` — the .js holds `const name = value;`, the .d.ts `declare const name: type;`. */
export function constant(o: ConstantOptions): Declaration {
  const doc = o.doc ?? [];
  const exported = o.exported ?? true;
  const head = `${exported ? 'export ' : ''}const ${o.name}`;
  const [first = '', ...rest] = o.value;
  const ts = [`${head}${o.type === undefined ? '' : `: ${o.type}`} = ${tsOf(first)}`];
  ts.push(...rest.map(tsOf));
  ts[ts.length - 1] += `${o.tsSuffix ?? ''};`;
  const js = jsLines([code`${head} = ${first}`, ...rest]);
  js[js.length - 1] += ';';
  let dts: string[] | null = null;
  if (exported) {
    if (o.type !== undefined) dts = [`export declare const ${o.name}: ${o.type};`];
    else if (o.value.length === 1 && typeof first === 'string')
      dts = [`export declare const ${o.name} = ${first};`];
    else
      throw new Error(`${o.name}: an exported constant needs a declared type or one literal line`);
  }
  return { ts: [...doc, ...ts], js: [...doc, ...js], dts: dts && [...doc, ...dts] };
}

export interface FunctionOptions {
  doc?: string[];
  /** Default true; a module-local function is absent from the declarations. */
  exported?: boolean;
  async?: boolean;
  name: string;
  /** Type parameters without the brackets: `M extends A2aCaseMethod`. */
  typeParams?: string;
  /** Name (with `?` when optional) and type of each parameter. */
  params: readonly (readonly [name: string, type: string])[];
  returns: string;
  /** The statements of its body, indented. */
  body: readonly Line[];
}

/** A function: the .js without its types, the .d.ts its signature (`declare function`). */
export function fn(o: FunctionOptions): Declaration {
  const doc = o.doc ?? [];
  const exported = o.exported ?? true;
  const generic = o.typeParams === undefined ? '' : `<${o.typeParams}>`;
  const signature = `${o.name}${generic}(${o.params.map(([n, t]) => `${n}: ${t}`).join(', ')}): ${o.returns}`;
  const prefix = `${exported ? 'export ' : ''}${o.async ? 'async ' : ''}function `;
  const jsParams = o.params.map(([n]) => n.replace(/\?$/, '')).join(', ');
  return {
    ts: [...doc, `${prefix}${signature} {`, ...o.body.map(tsOf), '}'],
    js: [...doc, `${prefix}${o.name}(${jsParams}) {`, ...jsLines(o.body), '}'],
    dts: exported ? [...doc, `export declare function ${signature};`] : null,
  };
}

function jsLines(lines: readonly Line[]): string[] {
  return lines.map(jsOf).filter((l): l is string => l !== null);
}

/** One member of a generated class. */
export type ClassMember =
  | { kind: 'field'; doc?: string[]; name: string; type: string; readonly?: boolean }
  | {
      kind: 'constructor' | 'get' | 'method';
      doc?: string[];
      /** Unused for a constructor. */
      name: string;
      params: readonly (readonly [name: string, type: string])[];
      /** Unused for a constructor. */
      returns: string;
      body: readonly Line[];
    };

/** An exported class: the .js without its types, the .d.ts its members' signatures (`declare class`). */
export function classOf(o: {
  doc?: string[];
  name: string;
  members: readonly ClassMember[];
}): Declaration {
  const ts: string[] = [];
  const js: string[] = [];
  const dts: string[] = [];
  for (const m of o.members) {
    const doc = (m.doc ?? []).map((l) => `  ${l}`);
    ts.push(...doc);
    dts.push(...doc);
    if (m.kind === 'field') {
      const line = `  ${m.readonly ? 'readonly ' : ''}${m.name}: ${m.type};`;
      ts.push(line);
      dts.push(line);
      js.push(...doc, `  ${m.name};`);
      continue;
    }
    const head =
      m.kind === 'constructor' ? 'constructor' : m.kind === 'get' ? `get ${m.name}` : m.name;
    const params = m.params.map(([n, t]) => `${n}: ${t}`).join(', ');
    const returns = m.kind === 'constructor' ? '' : `: ${m.returns}`;
    const jsParams = m.params.map(([n]) => n.replace(/\?$/, '')).join(', ');
    ts.push(`  ${head}(${params})${returns} {`, ...m.body.map((l) => `  ${tsOf(l)}`), '  }');
    js.push(...doc, `  ${head}(${jsParams}) {`, ...jsLines(m.body).map((l) => `  ${l}`), '  }');
    dts.push(`  ${head}(${params})${returns};`);
  }
  const doc = o.doc ?? [];
  return {
    ts: [...doc, `export class ${o.name} {`, ...ts, '}'],
    js: [...doc, `export class ${o.name} {`, ...js, '}'],
    dts: [...doc, `export declare class ${o.name} {`, ...dts, '}'],
  };
}
