// The one way fixed files are rendered from the top-level templates/ folder (DESIGN.md §3): handlebars
// with noEscape (the output is code and JSON, never HTML) and strict (a missing context field is an
// error, not an empty string), one template per file, from one typed context.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { templatesRoot } from './root.ts';

export { templatesRoot };

const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** Renders templates/<name> (a path such as `package/package.json.hbs`) with the given context. */
export function renderTemplate<Context extends object>(name: string, context: Context): string {
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(join(templatesRoot(), name), 'utf8');
    template = Handlebars.compile(source, { noEscape: true, strict: true });
    compiled.set(name, template);
  }
  return template(context);
}
