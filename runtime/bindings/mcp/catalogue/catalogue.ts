// The host's MCP prompt and resource catalogue: what `prompts/*`, `resources/*` and
// `completion/complete` serve (the map's `prompts/get | resources/read` row and wopgen's list and
// completion rows). A catalogue is host configuration, loaded and checked before the host starts
// (load.ts) and fixed for the process lifetime; it is never a workflow and never starts a run.
// The entry types below are also the on-disk format of a catalogue file (schema.ts), minus
// `uriSchemes`, which the files declare and the loader merges.

import type { FirstQuestion } from '../../../ports/workflows.ts';

/** One piece of a prompt message; `{{argument}}` placeholders are filled only in text fields. */
export type PromptContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: ResourceBody };

/** A resource body: exactly one of UTF-8 `text` or base64 `blob`. */
export type ResourceBody = { uri: string; mimeType?: string } & (
  { text: string; blob?: never } | { blob: string; text?: never }
);

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: PromptContent;
}

/** Suggested values per prompt argument or template variable (completion/complete). */
export type CompletionValues = Record<string, string[]>;

export interface CataloguePrompt {
  name: string;
  title?: string;
  description: string;
  arguments?: PromptArgument[];
  messages: PromptMessage[];
  completions?: CompletionValues;
  /**
   * Questions asked (form elicitation, SEP-2322) before the prompt is rendered; each answer's
   * fields fill `{{<name>.<field>}}` placeholders as arguments do (questions.ts).
   */
  asksFirst?: FirstQuestion[];
}

/** What a static resource and a template share: how they are listed, and exactly one body. */
export interface ResourceFields {
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  text?: string;
  blob?: string;
}

/** A static resource: served as declared by `resources/read` on its exact (normalized) URI. */
export interface CatalogueResource extends ResourceFields {
  uri: string;
}

/**
 * A resource template: an RFC 6570 level-1 `uriTemplate` (`{var}` only) whose match renders
 * `text` with `{{var}}` placeholders, or answers the static base64 `blob`.
 */
export interface CatalogueTemplate extends ResourceFields {
  uriTemplate: string;
  completions?: CompletionValues;
}

/** Everything the catalogue serves; empty unless the host is given one. */
export interface McpCatalogue {
  /** Sorted by name (the list row). */
  readonly prompts: readonly CataloguePrompt[];
  /** Sorted by name, then URI. */
  readonly resources: readonly CatalogueResource[];
  /** Sorted by uriTemplate. */
  readonly resourceTemplates: readonly CatalogueTemplate[];
  /** Lower-case URI schemes `resources/read` accepts (the map row's host allowlist). */
  readonly uriSchemes: readonly string[];
}

export function emptyCatalogue(): McpCatalogue {
  return { prompts: [], resources: [], resourceTemplates: [], uriSchemes: [] };
}

/**
 * The `server/discover` capabilities the catalogue adds: a kind is declared only when the
 * catalogue has entries of it ("advertise exactly what is served"), never `listChanged` or
 * `subscribe` (the catalogue is fixed for the process lifetime).
 */
export function catalogueCapabilities(catalogue: McpCatalogue): Record<string, object> {
  const caps: Record<string, object> = {};
  if (catalogue.prompts.length > 0) caps.prompts = {};
  if (catalogue.resources.length > 0 || catalogue.resourceTemplates.length > 0) caps.resources = {};
  const entries = [...catalogue.prompts, ...catalogue.resourceTemplates];
  if (entries.some((e) => Object.keys(e.completions ?? {}).length > 0)) caps.completions = {};
  return caps;
}
