// The REST 404 for a path no route serves. Run ids are `<tenant>/<opaque>` and a path carries one
// as a single segment with `/` encoded as `~2F` (runtime/ids.ts); a raw `/` splits the id in two
// and matches nothing, so that case gets a hint with the path it probably meant.

/** The message of the 404 for `method pathname`. */
export function noRouteMessage(method: string | undefined, pathname: string): string {
  const base = `no route for ${method} ${pathname}`;
  const m = /^\/runs\/([^/~%]+)\/([^/]+)(.*)$/.exec(pathname);
  if (!m) return base;
  const meant = `/runs/${m[1]}~2F${m[2]}${m[3]}`;
  return `${base}: a run id's "/" is written ~2F in a path (did you mean ${meant}?)`;
}
