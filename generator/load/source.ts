// A loaded input file: its text, digest, parsed data, and a lazy pointer → line:column locator.
import { createHash } from 'node:crypto';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseDocument, type Document } from 'yaml';
import type { ParsedCache } from '../cache/parsed-yaml.ts';
import { dataTooDeep, jsonTooDeep, readInput, TOO_DEEP } from './input-limits.ts';
import type { Position } from '../diagnostics/diagnostic.ts';
import {
  locateJson,
  type Anchor,
  locateJsonText,
  locateYaml,
  offsetToPosition,
  parseJsonTree,
} from './positions.ts';

/** Lookups in one JSON file answered by walking its text before it is parsed into a tree. */
const JSON_WALKS = 8;

export interface SyntaxProblem {
  message: string;
  offset: number;
}

const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: true };

export class SourceFile {
  readonly sha256: string;
  readonly kind: 'json' | 'yaml';
  readonly data: unknown;
  readonly syntax?: SyntaxProblem;
  private yamlDoc?: Document;
  private jsonTree?: ReturnType<typeof parseJsonTree> | null;
  private jsonLookups = 0;

  constructor(
    /** Path relative to the spec directory, posix separators: the name diagnostics use. */
    readonly rel: string,
    readonly abs: string,
    readonly text: string,
    /** A refusal found before parsing (size, encoding): the file is then not parsed at all. */
    refused?: SyntaxProblem,
    /** Parsed YAML of earlier runs (cache/parsed-yaml.ts); the document is then parsed on demand. */
    private readonly parsedCache?: ParsedCache,
  ) {
    this.sha256 = createHash('sha256').update(text).digest('hex');
    this.kind = /\.ya?ml$/i.test(abs) ? 'yaml' : 'json';
    const parsed = refused
      ? { data: undefined, syntax: refused }
      : this.kind === 'yaml'
        ? this.parseYaml()
        : parseJson(text);
    this.data = parsed.data;
    if (parsed.syntax) this.syntax = parsed.syntax;
  }

  static read(rel: string, abs: string, parsedCache?: ParsedCache): SourceFile {
    const input = readInput(abs);
    return new SourceFile(rel, abs, input.text, input.problem, parsedCache);
  }

  locate(pointer: string): Position {
    if (this.syntax) return offsetToPosition(this.text, this.syntax.offset);
    // A `$ref` is wrong in its value (the typo is in the string), so that is where it points.
    const anchor: Anchor = pointer.endsWith('/$ref') ? 'value' : 'key';
    if (this.kind === 'yaml') {
      // Data from the parsed cache came without the document: parsed here, on the first lookup.
      this.yamlDoc ??= parseDocument(this.text, YAML_OPTIONS);
      return offsetToPosition(this.text, locateYaml(this.yamlDoc, pointer, anchor));
    }
    // A few lookups walk the text; a file with many diagnostics is parsed into a tree once.
    if (this.jsonTree === undefined && ++this.jsonLookups <= JSON_WALKS)
      return offsetToPosition(this.text, locateJsonText(this.text, pointer, anchor));
    if (this.jsonTree === undefined) this.jsonTree = parseJsonTree(this.text) ?? null;
    return offsetToPosition(
      this.text,
      locateJson(this.text, this.jsonTree ?? undefined, pointer, anchor),
    );
  }

  private parseYaml(): { data: unknown; syntax?: SyntaxProblem } {
    // Only a file that parsed cleanly is ever cached, so a hit has no syntax problem to report.
    const cached = this.parsedCache?.get(this.text);
    if (cached !== undefined) return { data: cached };
    const doc = parseDocument(this.text, YAML_OPTIONS);
    this.yamlDoc = doc;
    const first = doc.errors[0];
    if (first) {
      return {
        data: undefined,
        syntax: { message: first.message.split('\n')[0] ?? first.code, offset: first.pos[0] },
      };
    }
    let data: unknown;
    try {
      // An alias bomb (anchors that expand each other) throws here rather than expanding.
      data = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return { data: undefined, syntax: { message: `YAML: ${message}`, offset: 0 } };
    }
    if (dataTooDeep(data)) return { data: undefined, syntax: { message: TOO_DEEP, offset: 0 } };
    this.parsedCache?.set(this.text, data);
    return { data };
  }
}

function parseJson(text: string): { data: unknown; syntax?: SyntaxProblem } {
  const deep = jsonTooDeep(text);
  if (deep >= 0) return { data: undefined, syntax: { message: TOO_DEEP, offset: deep } };
  try {
    return { data: JSON.parse(text) };
  } catch {
    // JSON.parse names no reliable offset; a strict jsonc parse finds the first error's offset.
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    return {
      data: undefined,
      syntax: first
        ? { message: `JSON ${printParseErrorCode(first.error)}`, offset: first.offset }
        : { message: 'invalid JSON', offset: 0 },
    };
  }
}
