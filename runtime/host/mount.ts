// Mounting a host under a path prefix of an existing node:http service: requests under the prefix
// go to the host with the prefix taken off `req.url` (what a framework router such as express's
// `app.use(prefix, handler)` does itself); every other request goes to the service's own listener.
// The host's advertised URLs must carry the prefix too: give it `<origin><prefix>` as its base URL
// (`defaultConfig` or `Host.setBaseUrl`), so the card, discovery and MCP URLs point back here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from './server.ts';

/** A prefix such as `/openwop`: leading slash, no trailing slash, not the root. */
function normalisePrefix(prefix: string): string {
  const p = `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  if (p === '/')
    throw new Error('mountUnder: the prefix must not be the root (mount host.handler)');
  return p;
}

/**
 * A listener that hands requests under `prefix` to `host` (prefix stripped) and the rest to
 * `fallback`. The path matches on segment boundaries: `/openwop` and `/openwop/...`, not
 * `/openwopx`.
 */
export function mountUnder(
  prefix: string,
  host: RequestListener,
  fallback: RequestListener,
): RequestListener {
  const p = normalisePrefix(prefix);
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const rest = url.slice(p.length);
    if (url.startsWith(p) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'))) {
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      host(req, res);
      return;
    }
    fallback(req, res);
  };
}
