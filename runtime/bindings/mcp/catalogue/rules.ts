// The rules a catalogue entry must meet beyond its JSON shape (schema.ts), so that the handlers can
// rely on them: exactly one of text and blob, placeholders that name a declared argument or
// variable, completion values for declared names only, level-1 URI templates, and resource URIs
// that resources/read would accept (the map's `prompts/get | resources/read` row: normalized, no
// traversal, scheme on the allowlist). Each failure names its file and JSON pointer.
import type {
  CataloguePrompt,
  CatalogueResource,
  CatalogueTemplate,
  CompletionValues,
  PromptContent,
} from './catalogue.ts';
import type { FirstQuestion } from '../../../ports/workflows.ts';
import { isFlatForm } from '../mrtr.ts';
import { CatalogueError, escapePointer, type Origin } from './errors.ts';
import { isJsonMimeType, placeholderNames, placeholdersOutsideStrings } from './placeholders.ts';
import { checkResourceUri, isRefusal, normalizeSyntax, REFUSAL_MESSAGES } from './uri.ts';
import { expandAll, parseUriTemplate } from './uri-template.ts';

function refused(at: Origin, field: string, why: keyof typeof REFUSAL_MESSAGES, schemes: string[]) {
  const allow = why === 'scheme-not-allowed' ? ` (uriSchemes: ${JSON.stringify(schemes)})` : '';
  return new CatalogueError(at.file, `${at.pointer}/${field}`, REFUSAL_MESSAGES[why] + allow);
}

function checkTextOrBlob(entry: { text?: string; blob?: string }, at: Origin): void {
  if ((entry.text === undefined) === (entry.blob === undefined))
    throw new CatalogueError(at.file, at.pointer, 'must have exactly one of "text" and "blob"');
}

export function checkPrompt(p: CataloguePrompt, at: Origin, schemes: string[]): void {
  const args = (p.arguments ?? []).map((a) => a.name);
  args.forEach((name, k) => {
    if (args.indexOf(name) !== k)
      throw new CatalogueError(
        at.file,
        `${at.pointer}/arguments/${k}/name`,
        `duplicate argument ${JSON.stringify(name)}`,
      );
  });
  // Each answer to a question asked first fills `{{<question>.<field>}}` (prompts.ts).
  const answered = checkQuestions(p.asksFirst ?? [], at);
  for (const [m, message] of p.messages.entries()) {
    const here = `${at.pointer}/messages/${m}/content`;
    checkContent(
      message.content,
      { file: at.file, pointer: here },
      [...args, ...answered],
      schemes,
    );
  }
  checkCompletions(p.completions, args, at, 'argument');
}

/** Unique names, each a form MCP can show; the placeholder names their answers fill. */
function checkQuestions(questions: readonly FirstQuestion[], at: Origin): string[] {
  const names: string[] = [];
  for (const [k, q] of questions.entries()) {
    const here = `${at.pointer}/asksFirst/${k}`;
    if (questions.findIndex((o) => o.name === q.name) !== k)
      throw new CatalogueError(
        at.file,
        `${here}/name`,
        `duplicate question ${JSON.stringify(q.name)}`,
      );
    if (!isFlatForm(q.schema))
      throw new CatalogueError(
        at.file,
        `${here}/schema`,
        'must be a form: an object whose properties are strings, numbers, integers or booleans',
      );
    for (const field of Object.keys((q.schema['properties'] ?? {}) as object))
      names.push(`${q.name}.${field}`);
  }
  return names;
}

function checkContent(c: PromptContent, at: Origin, args: string[], schemes: string[]): void {
  if (c.type === 'text') {
    checkPlaceholders(c.text, args, `${at.pointer}/text`, at.file, 'argument');
  } else if (c.type === 'resource') {
    const here = { file: at.file, pointer: `${at.pointer}/resource` };
    checkTextOrBlob(c.resource, here);
    checkPlaceholders(c.resource.uri, args, `${here.pointer}/uri`, at.file, 'argument');
    checkPlaceholders(c.resource.text, args, `${here.pointer}/text`, at.file, 'argument');
    // A URI with placeholders is checked once filled in (prompts.ts); a fixed one is checked now.
    if (placeholderNames(c.resource.uri).length === 0) {
      const checked = checkResourceUri(c.resource.uri, schemes);
      if (isRefusal(checked)) throw refused(here, 'uri', checked, schemes);
    }
  }
}

function checkPlaceholders(
  text: string | undefined,
  names: readonly string[],
  pointer: string,
  file: string,
  kind: 'argument' | 'variable',
): void {
  for (const name of placeholderNames(text ?? '')) {
    if (!names.includes(name))
      throw new CatalogueError(file, pointer, `placeholder {{${name}}} names no declared ${kind}`);
  }
}

function checkCompletions(
  completions: CompletionValues | undefined,
  names: readonly string[],
  at: Origin,
  kind: 'argument' | 'variable',
): void {
  for (const key of Object.keys(completions ?? {})) {
    if (!names.includes(key))
      throw new CatalogueError(
        at.file,
        `${at.pointer}/completions/${escapePointer(key)}`,
        `completion values for ${JSON.stringify(key)}, which is no declared ${kind}`,
      );
  }
}

/** The template's variables; throws when it is not level 1 or its literal parts are refused. */
function checkTemplateUri(uriTemplate: string, at: Origin, schemes: string[]): readonly string[] {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uriTemplate))
    throw new CatalogueError(
      at.file,
      `${at.pointer}/uriTemplate`,
      'must start with a literal URI scheme (the allowlist is checked on it)',
    );
  const parsed = parseUriTemplate(normalizeSyntax(uriTemplate));
  if (typeof parsed === 'string')
    throw new CatalogueError(
      at.file,
      `${at.pointer}/uriTemplate`,
      `not an RFC 6570 level-1 template: ${parsed}`,
    );
  const checked = checkResourceUri(expandAll(parsed, 'x'), schemes);
  if (isRefusal(checked)) throw refused(at, 'uriTemplate', checked, schemes);
  return parsed.variables;
}

/** The resource's normalized URI (its identity); throws when resources/read would refuse it. */
export function checkResource(r: CatalogueResource, at: Origin, schemes: string[]): string {
  checkTextOrBlob(r, at);
  const checked = checkResourceUri(r.uri, schemes);
  if (isRefusal(checked)) throw refused(at, 'uri', checked, schemes);
  return checked.uri;
}

/** The template's normalized form (its identity). */
export function checkTemplate(t: CatalogueTemplate, at: Origin, schemes: string[]): string {
  checkTextOrBlob(t, at);
  const variables = checkTemplateUri(t.uriTemplate, at, schemes);
  checkPlaceholders(t.text, variables, `${at.pointer}/text`, at.file, 'variable');
  // A JSON template's values are inserted string-escaped (placeholders.ts): only inside a string.
  const loose = isJsonMimeType(t.mimeType) ? placeholdersOutsideStrings(t.text ?? '') : [];
  if (loose.length > 0)
    throw new CatalogueError(
      at.file,
      `${at.pointer}/text`,
      `placeholder {{${loose[0]}}} must be inside a JSON string (the mimeType is ${t.mimeType})`,
    );
  checkCompletions(t.completions, variables, at, 'variable');
  return normalizeSyntax(t.uriTemplate);
}
