// The host's node:http server: mounts first (a binding that owns a path prefix answers everything
// under it, refusals included), then the router; an unknown route or method is an OpenWOP error
// carrying OpenWOP-Version. It does not terminate TLS or balance load (put a proxy in front).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostContext, Mount } from '../context.ts';
import { bindingOfPath, type ClientErrorPaths } from '../http/client-error.ts';
import { hostFailure } from '../http/host-failure.ts';
import { sendJson, sendOpenWopError } from '../http/respond.ts';
import { isStoreUnavailable } from '../ports/errors.ts';
import { withRequestLog } from '../http/request-log.ts';
import type { Router } from '../http/router.ts';
import { noRouteMessage } from '../bindings/rest/not-found.ts';
import { BoundedMemo } from '../util/bounded-memo.ts';

/** A node:http request listener (what an embedder mounts on its own server, runtime/host/mount.ts). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export function createRequestListener(
  ctx: HostContext,
  router: Router,
  mounts: Mount[],
  shapes: ClientErrorPaths,
): RequestListener {
  // Each mount's prefix and the same path without its trailing slash, worked out once.
  const prefixed = mounts.map((m) => ({ mount: m, bare: m.prefix.replace(/\/$/, '') }));
  return withRequestLog(ctx.log, (req, res) => {
    handle(ctx, router, prefixed, req, res).catch((err: unknown) => {
      // A store outage is logged where the store notices it, once, not per request.
      const unavailable = isStoreUnavailable(err);
      if (!unavailable) ctx.log.error({ err }, 'unhandled request failure');
      if (res.headersSent) return void res.destroy();
      const path = req.url?.split('?')[0];
      const { status, headers, body } = hostFailure(ctx.contract, shapes, path, unavailable);
      // Every REST response carries OpenWOP-Version, a failure's too.
      const version: Record<string, string> =
        bindingOfPath(shapes, path) === 'rest'
          ? { 'openwop-version': ctx.config.preferredProtocolVersion }
          : {};
      sendJson(res, status, body, { ...headers, ...version });
    });
  });
}

export function createHttpServer(listener: RequestListener): Server {
  return createServer(listener);
}

async function handle(
  ctx: HostContext,
  router: Router,
  mounts: readonly { mount: Mount; bare: string }[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = requestUrl(req.url ?? '/', ctx.config.baseUrl);
  for (const { mount: m, bare } of mounts) {
    if (url.pathname === bare || url.pathname.startsWith(m.prefix)) {
      await m.handle(req, res, url);
      return;
    }
  }
  const hit = router.match(req.method ?? 'GET', url.pathname);
  // Every REST response carries OpenWOP-Version, refusals of unknown routes included.
  const version = { 'openwop-version': ctx.config.preferredProtocolVersion };
  if (!hit) {
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'not_found',
      noRouteMessage(req.method, url.pathname),
      undefined,
      version,
    );
    return;
  }
  if ('allowed' in hit) {
    res.setHeader('allow', hit.allowed.join(', '));
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'validation_error',
      `${req.method} is not allowed on ${url.pathname}`,
      { allowed: hit.allowed },
      version,
    );
    return;
  }
  await hit.route.handler(req, res, hit.params, url);
}

/**
 * Parsed request targets without a query, per base URL: a client calls the same endpoint
 * (`/a2a/jsonrpc`, `/mcp`) over and over, and parsing it per request was ~1% of a read's CPU in
 * a CPU profile. Handlers only read the URL they are given (none changes it), so one parsed
 * object serves every request for that target. The target is the client's: the memo is emptied
 * when full, and long targets and targets with a query are parsed afresh.
 */
const parsedTargets = new BoundedMemo<string, URL>(256);
let parsedFor = '';

export function requestUrl(target: string, baseUrl: string): URL {
  if (target.length > 256 || target.includes('?') || target.includes('#')) {
    return new URL(target, baseUrl);
  }
  if (parsedFor !== baseUrl) {
    parsedTargets.clear();
    parsedFor = baseUrl;
  }
  return parsedTargets.get(target, (t) => new URL(t, baseUrl));
}

/** Listen and answer the URL bound (IPv6 addresses bracketed). */
export function listenOn(server: Server, port: number, hostname: string): Promise<string> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      const addr = server.address() as AddressInfo;
      const host = addr.address.includes(':') ? `[${addr.address}]` : addr.address;
      resolveListen(`http://${host}:${addr.port}`);
    });
  });
}

/** In-flight requests finish; idle keep-alive sockets are closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((r) => {
    server.close(() => r());
    server.closeIdleConnections();
  });
}
