// `completion/complete` (the map's wopgen-addition row): suggests values for an argument of a listed
// prompt or a variable of a listed resource template, drawn only from that entry's declared values;
// it never renders a prompt, reads a resource or starts a run. Matching is a case-insensitive
// prefix match in declared order; at most 100 values go back (the schema's maxItems), with `total`
// and `hasMore` saying how many matched.
import type { CataloguePrompt, CompletionValues } from './catalogue.ts';
import { INVALID_PARAMS, isRecord, McpError } from '../jsonrpc.ts';
import { findPrompt } from './prompts.ts';
import type { IndexedTemplate } from './resources.ts';

export const MAX_COMPLETION_VALUES = 100;

export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

/** The entry `params.ref` names with its declared names and values; -32602 when it names none. */
function referenced(
  prompts: ReadonlyMap<string, CataloguePrompt>,
  templates: ReadonlyMap<string, IndexedTemplate>,
  ref: unknown,
): { names: readonly string[]; values: CompletionValues; label: string } {
  if (!isRecord(ref)) throw new McpError(INVALID_PARAMS, 'params.ref must be an object');
  if (ref.type === 'ref/prompt') {
    const p = findPrompt(prompts, ref.name);
    return {
      names: (p.arguments ?? []).map((a) => a.name),
      values: p.completions ?? {},
      label: `prompt ${p.name}`,
    };
  }
  if (ref.type === 'ref/resource') {
    const uri = ref.uri;
    if (typeof uri !== 'string')
      throw new McpError(INVALID_PARAMS, 'params.ref.uri must be a string');
    const t = templates.get(uri);
    if (!t) throw new McpError(INVALID_PARAMS, `Unknown resource template: ${uri}`, { uri });
    return {
      names: t.template.variables,
      values: t.entry.completions ?? {},
      label: `template ${uri}`,
    };
  }
  throw new McpError(INVALID_PARAMS, 'params.ref.type must be "ref/prompt" or "ref/resource"');
}

export function complete(
  prompts: ReadonlyMap<string, CataloguePrompt>,
  templates: ReadonlyMap<string, IndexedTemplate>,
  params: Record<string, unknown>,
): Completion {
  const entry = referenced(prompts, templates, params.ref);
  const arg = params.argument;
  if (!isRecord(arg) || typeof arg.name !== 'string' || typeof arg.value !== 'string')
    throw new McpError(INVALID_PARAMS, 'params.argument must be {name: string, value: string}');
  if (!entry.names.includes(arg.name))
    throw new McpError(INVALID_PARAMS, `${arg.name} is not an argument of ${entry.label}`, {
      argument: arg.name,
    });
  const prefix = arg.value.toLowerCase();
  const matches = (entry.values[arg.name] ?? []).filter((v) => v.toLowerCase().startsWith(prefix));
  return {
    values: matches.slice(0, MAX_COMPLETION_VALUES),
    total: matches.length,
    hasMore: matches.length > MAX_COMPLETION_VALUES,
  };
}
