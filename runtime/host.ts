// The reference host: composes the run core (SQLite), API-key auth, discovery, negotiation and
// the REST, A2A and MCP bindings on one node:http server.
// It does NOT decide protocol rules itself: those live in the generated tables and the binding
// modules; it does not terminate TLS or balance load (put a proxy in front for that).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pino, type Logger } from 'pino';
import { a2aBinding } from './a2a/binding.ts';
import { ApiKeyStore } from './auth/api-keys.ts';
import type { HostConfig } from './config.ts';
import type { HostContext, Mount } from './context.ts';
import { createRunCore } from './core/run-core.ts';
import type { RunCore } from './core/port.ts';
import { referencePack, type WorkflowRegistry } from './core/workflows/index.ts';
import { buildDiscovery, type ServedDocument } from './discovery/document.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { sendOpenWopError } from './http/respond.ts';
import { Router, type Route } from './http/router.ts';
import { noteTenant, withRequestLog } from './http/request-log.ts';
import { noRouteMessage } from './rest/not-found.ts';
import { createMcpServer, type McpServer } from './mcp/index.ts';
import { evaluateFacet, isStale } from './negotiation/refresh.ts';
import type { Store } from './store/port.ts';
import { SqliteStore } from './store/sqlite/sqlite-store.ts';
import { HOST_VERSION } from './version.ts';
import { emptyCatalogue, type McpCatalogue } from './mcp/catalogue/catalogue.ts';

export interface HostOptions {
  config: HostConfig;
  /** Take the base URL from the address `listen` binds (for port 0 in tests and local runs). */
  baseUrlFromListen?: boolean;
  /** `sqlite:<path>` or `sqlite::memory:`. */
  store: string;
  /** Operator keys; when none is given and the store holds none, one key for `demo` is minted. */
  apiKeys?: { key: string; tenant: string }[];
  workflows?: WorkflowRegistry;
  /** Prompts and resources for the MCP mount; none by default. */
  catalogue?: McpCatalogue;
  logger?: Logger;
  now?: () => Date;
  /** Extra bindings, mounted before the built-in ones (tests, embedders). */
  bindings?: ((ctx: HostContext) => { routes?: Route[]; mounts?: Mount[] })[];
}

export interface Host {
  readonly context: HostContext;
  readonly server: Server;
  /** The key minted on first start, if any: shown once, stored only as a hash. */
  readonly mintedKey?: { key: string; tenant: string };
  /** The MCP server mount (its dispatcher also serves `wopgen serve --stdio`). */
  readonly mcp: McpServer;
  listen(port: number, hostname?: string): Promise<string>;
  close(): Promise<void>;
}

const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

export async function createHost(options: HostOptions): Promise<Host> {
  const log = options.logger ?? pino({ level: 'silent' });
  const now = options.now ?? (() => new Date());
  const config = options.config;
  const workflows = options.workflows ?? referencePack();
  // A skill list naming no workflow would silently route nothing: refuse to start instead.
  const unknownSkills = (config.a2a.skills ?? []).filter((id) => !workflows.get(id));
  if (unknownSkills.length > 0) {
    throw new Error(`--a2a-skills names no workflow: ${unknownSkills.join(', ')}`);
  }
  const store = openStore(options.store);
  let core: RunCore | undefined;
  try {
    core = await createRunCore({
      store,
      workflows,
      now,
      onError: (err, runId) => log.error({ err, runId }, 'a run step failed in the host'),
    });
    const keys = new ApiKeyStore(store);
    for (const k of options.apiKeys ?? []) await keys.registerKey(k.key, k.tenant);
    let mintedKey: Host['mintedKey'];
    if (
      (options.apiKeys ?? []).length === 0 &&
      (await store.getKv('demo-key-minted')) === undefined
    ) {
      const minted = await keys.mintKey('demo');
      await store.setKv('demo-key-minted', new Date().toISOString());
      mintedKey = { key: minted.key, tenant: 'demo' };
    }

    // Refresh SLA: evaluate now (refusing to start when inconsistent) and daily after.
    const offered = () => ({
      versions: config.a2a.versions,
      preferred: config.a2a.preferredVersion,
      floor: config.a2a.minimumVersion,
    });
    let refreshedAt = evaluateFacet('a2a', offered(), config.refreshWindowDays, now());
    await store.setKv('a2a.refreshedAt', refreshedAt);
    // The mcp facet is under the same SLA (interop.md §Negotiation is a protocol).
    const mcpOffered = () => ({
      versions: config.mcp.revisions,
      preferred: config.mcp.preferredVersion,
      floor: config.mcp.minimumRevision,
    });
    let mcpRefreshedAt = evaluateFacet('mcp', mcpOffered(), config.refreshWindowDays, now());
    await store.setKv('mcp.refreshedAt', mcpRefreshedAt);
    let served: ServedDocument | undefined;
    const rebuild = () => {
      served = buildDiscovery({
        config,
        implementation: { name: 'wopgen', version: HOST_VERSION },
        a2aRefreshedAt: refreshedAt,
        mcpRefreshedAt,
        fixtures: workflows
          .list()
          .map((w) => w.id)
          .filter((id) => id.startsWith('conformance-')),
        agentCardUrl: `${config.baseUrl}/.well-known/agent-card.json`,
      });
    };
    rebuild();
    const runCore = core;
    const context: HostContext = {
      config,
      core: runCore,
      keys,
      workflows,
      catalogue: options.catalogue ?? emptyCatalogue(),
      log,
      now,
      discovery() {
        if (isStale(refreshedAt, config.refreshWindowDays, now())) {
          throw new Error(
            `the a2a facet was last refreshed ${refreshedAt}, outside its ${config.refreshWindowDays}-day window`,
          );
        }
        if (isStale(mcpRefreshedAt, config.refreshWindowDays, now())) {
          throw new Error(
            `the mcp facet was last refreshed ${mcpRefreshedAt}, outside its ${config.refreshWindowDays}-day window`,
          );
        }
        return served!;
      },
      authenticate: async (req) => {
        const subject = await keys.authenticate(req.headers.authorization);
        noteTenant(req, subject);
        return subject;
      },
      peerOrigin(req) {
        const origin = req.headers.origin;
        if (typeof origin === 'string' && origin !== '' && origin !== 'null') return origin;
        return `tcp://${req.socket.remoteAddress ?? 'unknown'}`;
      },
    };

    const router = new Router();
    const mounts: Mount[] = [];
    for (const binding of options.bindings ?? []) {
      const b = binding(context);
      router.addAll(b.routes ?? []);
      mounts.push(...(b.mounts ?? []));
    }
    router.addAll(discoveryRoutes(context));
    const { restRoutes } = await import('./rest/routes.ts');
    router.addAll(restRoutes(context));
    const a2a = a2aBinding(context, store);
    router.addAll(a2a.routes);
    mounts.push(...a2a.mounts);
    const mcp = createMcpServer(context, store);
    mounts.push(...mcp.mounts);

    const server = createServer(
      withRequestLog(log, (req, res) => {
        handle(context, router, mounts, req, res).catch((err: unknown) => {
          log.error({ err }, 'unhandled request failure');
          if (!res.headersSent) sendOpenWopError(res, 'internal_error', 'internal error');
          else res.destroy();
        });
      }),
    );

    const timer = setInterval(() => {
      try {
        refreshedAt = evaluateFacet('a2a', offered(), config.refreshWindowDays, now());
        void store.setKv('a2a.refreshedAt', refreshedAt);
        mcpRefreshedAt = evaluateFacet('mcp', mcpOffered(), config.refreshWindowDays, now());
        void store.setKv('mcp.refreshedAt', mcpRefreshedAt);
        rebuild();
      } catch (err) {
        log.error({ err }, 'refresh SLA evaluation failed; discovery is withheld');
      }
    }, REFRESH_INTERVAL_MS);
    timer.unref();

    let closed = false;
    return {
      context,
      server,
      mcp,
      ...(mintedKey ? { mintedKey } : {}),
      listen(port, hostname = '127.0.0.1') {
        return new Promise((resolveListen, reject) => {
          server.once('error', reject);
          server.listen(port, hostname, () => {
            const addr = server.address() as AddressInfo;
            const url = `http://${addr.address.includes(':') ? `[${addr.address}]` : addr.address}:${addr.port}`;
            if (options.baseUrlFromListen) {
              config.baseUrl = url;
              rebuild();
            }
            resolveListen(url);
          });
        });
      },
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        // In-flight requests finish; idle keep-alive sockets are closed; then the database.
        await new Promise<void>((r) => {
          server.close(() => r());
          server.closeIdleConnections();
        });
        await runCore.close();
      },
    };
  } catch (err) {
    if (core) await core.close();
    else await store.close();
    throw err;
  }
}

async function handle(
  ctx: HostContext,
  router: Router,
  mounts: Mount[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.config.baseUrl);
  for (const m of mounts) {
    if (url.pathname === m.prefix.replace(/\/$/, '') || url.pathname.startsWith(m.prefix)) {
      await m.handle(req, res, url);
      return;
    }
  }
  const hit = router.match(req.method ?? 'GET', url.pathname);
  // Every REST response carries OpenWOP-Version, refusals of unknown routes included.
  const version = { 'openwop-version': ctx.config.preferredProtocolVersion };
  if (!hit) {
    sendOpenWopError(
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

export function openStore(spec: string): Store {
  const m = /^sqlite:(.+)$/.exec(spec);
  if (!m) throw new Error(`unsupported store "${spec}" (expected sqlite:<path>)`);
  const filename = m[1]!;
  if (filename !== ':memory:') mkdirSync(dirname(resolve(filename)), { recursive: true });
  return new SqliteStore({ filename });
}
