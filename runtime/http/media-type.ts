// Which request bodies are JSON (REST and A2A once read `text/plain` and form
// bodies as JSON). A body is read only when its Content-Type is `application/json` or a
// `+json` type (`application/a2a+json`, the A2A binding's own, RFC 6839 suffix), parameters such
// as `charset` aside. A body with no Content-Type is still read as JSON: `fetch` and curl always
// declare one (text/plain and form respectively), so only hand-written raw requests omit it, and
// refusing those would change answers clients already rely on. The MCP mount is stricter (its
// transport requires `application/json` on every POST) and checks before this.

/** Whether a declared Content-Type names JSON (undefined: nothing declared, read as JSON). */
export function declaresJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}
