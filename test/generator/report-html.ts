// Reads the interop report's HTML in tests: the body rows of one table, by its id.

/** The rows of `<table id="…">`'s body, each as the text after its `<tr>`. */
export function tableRows(html: string, id: string): string[] {
  const start = html.indexOf(`<table id="${id}">`);
  if (start < 0) return [];
  const table = html.slice(start, html.indexOf('</table>', start));
  const body = table.slice(table.indexOf('<tbody>'));
  return body.split('<tr>').slice(1);
}
