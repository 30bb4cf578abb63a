// `resources/list`, `resources/templates/list` and `resources/read` over the catalogue. The map's
// `prompts/get | resources/read` row: the URI is checked (uri.ts: normalized, no traversal, scheme
// on the allowlist) before any lookup; then the static resources, then the templates in
// uriTemplate order; a template's variables are inserted into its content as plain text (JSON-string
// escaped when the template's mimeType is JSON, placeholders.ts). A URI
// that names nothing is -32602 "Resource not found" with `data.uri` as requested (SEP-2164).
import type { CatalogueResource, CatalogueTemplate, ResourceFields } from './catalogue.ts';
import { INVALID_PARAMS, McpError } from '../jsonrpc.ts';
import { fillJsonPlaceholders, fillPlaceholders, isJsonMimeType } from './placeholders.ts';
import { checkResourceUri, isRefusal, normalizeSyntax, REFUSAL_MESSAGES } from './uri.ts';
import { matchUriTemplate, parseUriTemplate, type UriTemplate } from './uri-template.ts';

export type ResourceContents = { uri: string; mimeType: string } & (
  { text: string } | { blob: string }
);

/** How a resource or template is listed: its fields without the body. */
type Listed = Pick<ResourceFields, 'name' | 'title' | 'description' | 'mimeType'>;
export type ListedResource = Listed & { uri: string };
export type ListedTemplate = Listed & { uriTemplate: string };

export interface IndexedTemplate {
  entry: CatalogueTemplate;
  template: UriTemplate;
}

/** The static resources by normalized URI and the parsed templates, built once per host. */
export interface ResourceIndex {
  statics: ReadonlyMap<string, CatalogueResource>;
  /** In uriTemplate order: the first that matches serves the read. */
  templates: readonly IndexedTemplate[];
  schemes: readonly string[];
}

function described(e: ResourceFields): Listed {
  return {
    name: e.name,
    ...(e.title !== undefined ? { title: e.title } : {}),
    ...(e.description !== undefined ? { description: e.description } : {}),
    mimeType: e.mimeType,
  };
}

export function listedResource(r: CatalogueResource): ListedResource {
  return { uri: r.uri, ...described(r) };
}

export function listedTemplate(t: CatalogueTemplate): ListedTemplate {
  return { uriTemplate: t.uriTemplate, ...described(t) };
}

/** Throws when an entry would not load (only a catalogue built without load.ts can do that). */
export function indexResources(
  resources: readonly CatalogueResource[],
  templates: readonly CatalogueTemplate[],
  schemes: readonly string[],
): ResourceIndex {
  const statics = new Map<string, CatalogueResource>();
  for (const r of resources) {
    const checked = checkResourceUri(r.uri, schemes);
    if (isRefusal(checked)) throw new Error(`catalogue resource ${r.uri}: ${checked}`);
    statics.set(checked.uri, r);
  }
  const parsed = templates.map((entry): IndexedTemplate => {
    const template = parseUriTemplate(normalizeSyntax(entry.uriTemplate));
    if (typeof template === 'string')
      throw new Error(`catalogue template ${entry.uriTemplate}: ${template}`);
    return { entry, template };
  });
  return { statics, templates: parsed, schemes };
}

function contents(uri: string, e: ResourceFields, text: (t: string) => string): ResourceContents {
  return e.blob !== undefined
    ? { uri, mimeType: e.mimeType, blob: e.blob }
    : { uri, mimeType: e.mimeType, text: text(e.text ?? '') };
}

/** The contents `params.uri` names, or -32602 (refused or not found). */
export function readResource(index: ResourceIndex, raw: unknown): ResourceContents[] {
  if (typeof raw !== 'string' || raw === '')
    throw new McpError(INVALID_PARAMS, 'params.uri must be a non-empty string');
  const checked = checkResourceUri(raw, index.schemes);
  if (isRefusal(checked))
    throw new McpError(INVALID_PARAMS, REFUSAL_MESSAGES[checked], { uri: raw, reason: checked });
  const fixed = index.statics.get(checked.uri);
  if (fixed) return [contents(fixed.uri, fixed, (t) => t)];
  for (const { entry, template } of index.templates) {
    const vars = matchUriTemplate(template, checked.uri);
    if (!vars) continue;
    const fill = isJsonMimeType(entry.mimeType) ? fillJsonPlaceholders : fillPlaceholders;
    return [contents(checked.uri, entry, (t) => fill(t, vars))];
  }
  throw new McpError(INVALID_PARAMS, 'Resource not found', { uri: raw });
}
