// Loads a catalogue directory (every `*.json` in it, in file-name order, merged) before the host
// starts, the way core/reference/workflows/index.ts loads the workflow pack: each file is checked against
// schema.ts and then rules.ts, entries are unique across files (prompt name, normalized resource
// URI, uriTemplate), and the lists come out in the order the list rows serve them. A bad file stops
// the host with a CatalogueError naming the file and the JSON pointer of the offending value.
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { jsonFilesIn, type JsonFiles } from '../../../util/json-files.ts';
import type {
  CataloguePrompt,
  CatalogueResource,
  CatalogueTemplate,
  McpCatalogue,
} from './catalogue.ts';
import { CatalogueError, escapePointer, type Origin } from './errors.ts';
import { checkPrompt, checkResource, checkTemplate } from './rules.ts';
import { catalogueFileValidator, type CatalogueFile } from './schema.ts';

export interface CatalogueSource {
  /** The file name shown in errors. */
  source: string;
  value: unknown;
}

/** Reads every `*.json` of `dir` (not recursive) and builds the catalogue; throws CatalogueError. */
export function loadCatalogueDir(dir: string): McpCatalogue {
  let listed: JsonFiles;
  try {
    listed = jsonFilesIn(dir);
  } catch (err) {
    throw new Error(`${dir}: cannot read the MCP catalogue directory: ${(err as Error).message}`);
  }
  const refused = listed.refused[0];
  if (refused) throw new CatalogueError(refused.path, '', refused.why);
  return buildCatalogue(
    listed.files.map((source) => {
      let text: string;
      try {
        text = readFileSync(source, 'utf8');
      } catch (err) {
        throw new CatalogueError(source, '', `cannot read: ${(err as Error).message}`);
      }
      try {
        return { source, value: JSON.parse(text) as unknown };
      } catch (err) {
        throw new CatalogueError(source, '', `not valid JSON: ${(err as Error).message}`);
      }
    }),
  );
}

/** One line per ajv error; the `if` wrapper errors repeat their branch's error and are dropped. */
function schemaIssues(errors: readonly ErrorObject[]): { pointer: string; message: string }[] {
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const p = e.params as Record<string, unknown>;
      if (e.keyword === 'additionalProperties')
        return {
          pointer: `${e.instancePath}/${escapePointer(String(p.additionalProperty))}`,
          message: 'unknown property',
        };
      const allowed = e.keyword === 'enum' ? ` (${JSON.stringify(p.allowedValues)})` : '';
      return { pointer: e.instancePath, message: `${e.message ?? e.keyword}${allowed}` };
    });
}

/** Checks and merges catalogue files given as parsed JSON (loadCatalogueDir reads them). */
export function buildCatalogue(sources: readonly CatalogueSource[]): McpCatalogue {
  const files: { file: string; body: CatalogueFile }[] = [];
  const validateCatalogueFile = catalogueFileValidator();
  for (const { source, value } of sources) {
    if (!validateCatalogueFile(value)) {
      const issues = schemaIssues(validateCatalogueFile.errors ?? []);
      const first = issues[0] ?? { pointer: '', message: 'invalid' };
      const rest = issues.slice(1).map((i) => `; at ${i.pointer || '/'}: ${i.message}`);
      throw new CatalogueError(source, first.pointer, first.message + rest.join(''));
    }
    files.push({ file: source, body: value });
  }
  const schemes = [...new Set(files.flatMap((f) => f.body.uriSchemes ?? []))].map((s) =>
    s.toLowerCase(),
  );
  const seen = new Map<string, Origin>();
  /** Refuses a second entry under the same key, naming where the first one is. */
  const unique = (kind: string, key: string, at: Origin, field: string) => {
    const first = seen.get(`${kind}\0${key}`);
    if (first)
      throw new CatalogueError(
        at.file,
        `${at.pointer}/${field}`,
        `duplicate ${kind} ${JSON.stringify(key)} (first declared in ${first.file} at ${first.pointer})`,
      );
    seen.set(`${kind}\0${key}`, at);
  };
  const prompts: CataloguePrompt[] = [];
  const resources: CatalogueResource[] = [];
  const templates: CatalogueTemplate[] = [];
  for (const { file, body } of files) {
    for (const [i, p] of (body.prompts ?? []).entries()) {
      const at = { file, pointer: `/prompts/${i}` };
      checkPrompt(p, at, schemes);
      unique('prompt', p.name, at, 'name');
      prompts.push(p);
    }
    for (const [i, r] of (body.resources ?? []).entries()) {
      const at = { file, pointer: `/resources/${i}` };
      unique('resource URI', checkResource(r, at, schemes), at, 'uri');
      resources.push(r);
    }
    for (const [i, t] of (body.resourceTemplates ?? []).entries()) {
      const at = { file, pointer: `/resourceTemplates/${i}` };
      unique('resource template', checkTemplate(t, at, schemes), at, 'uriTemplate');
      templates.push(t);
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => compare(a.name, b.name);
  return {
    prompts: prompts.sort(byName),
    resources: resources.sort((a, b) => byName(a, b) || compare(a.uri, b.uri)),
    resourceTemplates: templates.sort((a, b) => compare(a.uriTemplate, b.uriTemplate)),
    uriSchemes: schemes.sort(),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
