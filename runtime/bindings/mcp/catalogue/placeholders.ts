// `{{name}}` placeholders in catalogue text (prompt messages, resource template content). The map's
// `prompts/get | resources/read` row: arguments are inserted as plain text with no template
// evaluation. Filling is one pass over the catalogue's text: an inserted value is never scanned
// again, so a value holding `{{other}}` stays literal, and nothing but a declared name is replaced.

/** A placeholder: `{{` a name of [A-Za-z0-9_.-] `}}`, no spaces. Anything else is literal text. */
const PLACEHOLDER = /\{\{([A-Za-z0-9_.-]+)\}\}/g;

/** Every placeholder name in `text`, in order of appearance (repeats kept). */
export function placeholderNames(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** `text` with each placeholder replaced by its value ('' when absent), in one pass. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  // A replacer function's return value is inserted verbatim (no `$&` patterns, no rescanning).
  return text.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : '',
  );
}
