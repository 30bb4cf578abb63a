// The one way fixed files are rendered from the top-level templates/ folder (DESIGN.md §3): handlebars
// with noEscape (the output is code and JSON, never HTML) and strict (a missing context field is an
// error, not an empty string), one template per file, from one typed context.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

/** The templates/ folder of this package, found from this file (source and bundled layouts). */
export function templatesRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'templates');
    try {
      readFileSync(join(candidate, 'README.md'));
      return candidate;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('wopgen: templates/ folder not found beside the package');
}

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
