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

/** `application/json` and the `+json` types (RFC 6839): their text is JSON, values go in escaped. */
export function isJsonMimeType(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^[a-z]+\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/**
 * Fills a JSON text (values once went into an `application/json` template verbatim,
 * so `x","admin":true,"y":"` added a member). Each value is inserted JSON-string-escaped; load.ts
 * accepts such a template only when every placeholder sits inside a string literal
 * (`placeholdersOutsideStrings`), so an escaped value can never leave its string.
 */
export function fillJsonPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
): string {
  const escaped: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) escaped[k] = JSON.stringify(v).slice(1, -1);
  return fillPlaceholders(text, escaped);
}

/** Placeholder names of `text` that are not inside a JSON string literal. */
export function placeholdersOutsideStrings(text: string): string[] {
  const outside: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' && text[i + 1] === '{') {
      const m = /^\{\{([A-Za-z0-9_.-]+)\}\}/.exec(text.slice(i));
      if (m) {
        outside.push(m[1]!);
        i += m[0].length - 1;
      }
    }
  }
  return outside;
}
