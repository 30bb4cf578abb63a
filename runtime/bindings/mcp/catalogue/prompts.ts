// `prompts/list` and `prompts/get` over the catalogue. The map's `prompts/get | resources/read`
// row: prompt arguments are inserted as plain text with no template evaluation (placeholders.ts,
// one pass); an embedded resource whose URI an argument fills in passes the same URI checks as
// resources/read, so a prompt never hands the client a URI the host would refuse to read.
import type { CataloguePrompt, PromptArgument, PromptContent } from './catalogue.ts';
import { INVALID_PARAMS, isRecord, McpError } from '../jsonrpc.ts';
import { fillPlaceholders } from './placeholders.ts';
import { checkResourceUri, isRefusal, REFUSAL_MESSAGES } from './uri.ts';

/** A `Prompt` of the list result: the entry without its messages and completion values. */
export interface ListedPrompt {
  name: string;
  title?: string;
  description: string;
  arguments?: PromptArgument[];
}

export interface RenderedPrompt {
  description: string;
  messages: { role: 'user' | 'assistant'; content: PromptContent }[];
}

export function listedPrompt(p: CataloguePrompt): ListedPrompt {
  return {
    name: p.name,
    ...(p.title !== undefined ? { title: p.title } : {}),
    description: p.description,
    ...(p.arguments !== undefined ? { arguments: p.arguments } : {}),
  };
}

/** The prompt named by `params.name`, or -32602 `Unknown prompt: <name>`. */
export function findPrompt(
  prompts: ReadonlyMap<string, CataloguePrompt>,
  name: unknown,
): CataloguePrompt {
  if (typeof name !== 'string' || name === '')
    throw new McpError(INVALID_PARAMS, 'params.name must be a non-empty string');
  const p = prompts.get(name);
  if (!p) throw new McpError(INVALID_PARAMS, `Unknown prompt: ${name}`, { name });
  return p;
}

/** `params.arguments` checked against the prompt: strings only, declared names, required present. */
export function promptArguments(p: CataloguePrompt, raw: unknown): Record<string, string> {
  const args = raw === undefined ? {} : raw;
  if (!isRecord(args)) throw new McpError(INVALID_PARAMS, 'params.arguments must be an object');
  const declared = p.arguments ?? [];
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!declared.some((a) => a.name === key))
      throw new McpError(INVALID_PARAMS, `Unknown argument ${key} for prompt ${p.name}`, {
        name: p.name,
        argument: key,
      });
    if (typeof value !== 'string')
      throw new McpError(INVALID_PARAMS, `Argument ${key} must be a string`, {
        name: p.name,
        argument: key,
      });
    out[key] = value;
  }
  for (const a of declared) {
    if (a.required === true && out[a.name] === undefined)
      throw new McpError(INVALID_PARAMS, `Missing required argument ${a.name}`, {
        name: p.name,
        argument: a.name,
      });
  }
  return out;
}

function renderContent(
  c: PromptContent,
  args: Record<string, string>,
  schemes: readonly string[],
  prompt: string,
): PromptContent {
  if (c.type === 'text') return { type: 'text', text: fillPlaceholders(c.text, args) };
  if (c.type !== 'resource') return c;
  const uri = fillPlaceholders(c.resource.uri, args);
  const checked = checkResourceUri(uri, schemes);
  if (isRefusal(checked))
    throw new McpError(INVALID_PARAMS, `${REFUSAL_MESSAGES[checked]} (embedded in ${prompt})`, {
      name: prompt,
      uri,
      reason: checked,
    });
  const resource =
    c.resource.text !== undefined
      ? { ...c.resource, uri: checked.uri, text: fillPlaceholders(c.resource.text, args) }
      : { ...c.resource, uri: checked.uri };
  return { type: 'resource', resource };
}

/**
 * What the answers to a prompt's questions fill: `<question>.<field>`, each a primitive written as
 * plain text, as an argument is.
 */
export function answerValues(
  answers: Record<string, Record<string, unknown>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [question, fields] of Object.entries(answers))
    for (const [field, value] of Object.entries(fields))
      if (['string', 'number', 'boolean'].includes(typeof value))
        out[`${question}.${field}`] = String(value);
  return out;
}

/** The prompt's messages with `args` filled in as plain text. */
export function renderPrompt(
  p: CataloguePrompt,
  args: Record<string, string>,
  schemes: readonly string[],
): RenderedPrompt {
  return {
    description: p.description,
    messages: p.messages.map((m) => ({
      role: m.role,
      content: renderContent(m.content, args, schemes, p.name),
    })),
  };
}
