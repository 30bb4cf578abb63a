// The composition root: a host is built from its parts — the contract it serves (a generated
// package's `contract` value, wopgen's own by default) and the handlers that contract adds, a
// RunCore (any engine), the store ports, a change feed, an authenticator, configuration, logger and
// MCP catalogue — and mounts the REST (discovery included), A2A and MCP bindings over them on one
// node:http server. It is the only module that knows every part; it decides no protocol rule
// (those live in the contract's tables and the bindings).
import type { IncomingMessage, Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { a2aBinding } from '../bindings/a2a/binding.ts';
import { HTTP_JSON_PATH } from '../bindings/a2a/card.ts';
import type { HostConfig } from '../config.ts';
import type { HostContext, Mount } from '../context.ts';
import { resolveLimits } from '../http/limits.ts';
import { noteTenant } from '../http/request-log.ts';
import { createStreamSlots } from '../http/stream-slots.ts';
import { Router, type Route } from '../http/router.ts';
import { emptyCatalogue, type McpCatalogue } from '../bindings/mcp/catalogue/catalogue.ts';
import { createMcpServer, type McpServer } from '../bindings/mcp/index.ts';
import type { Authenticator, Subject } from '../ports/auth.ts';
import type { ChangeFeed } from '../ports/change-feed.ts';
import type { RunCore } from '../ports/run-core.ts';
import type { HostEventStore } from '../ports/store/host-event-store.ts';
import type { KeyValueStore, TokenStore } from '../ports/store/binding-state.ts';
import type { PushStore } from '../ports/store/push-store.ts';
import { createPushService, type PushService } from '../adapters/push/service.ts';
import { pushProjector } from '../bindings/a2a/push-projection.ts';
import { createRestHandlers } from '../bindings/rest/handlers.ts';
import { restRoutes, type RestAlias } from '../bindings/rest/router.ts';
import { deadLetterRoutes } from '../bindings/rest/dead-letters.ts';
import { wopgenContract } from '../contract/default.ts';
import type { HostContract } from '../contract/served.ts';
import { NO_HANDLERS, suppliedKeys, type SuppliedHandlers } from '../contract/supplied.ts';
import { verifyContract } from '../contract/verify.ts';
import type { HandlersOption } from './contract-handlers.ts';
import type { AgentDirectory } from '../ports/agents.ts';
import type { EffectSeam } from '../ports/effect-seams.ts';
import { buildId } from './build-id.ts';
import { effectSeamManifest, PUSH_DELIVERY } from './effect-seams.ts';
import { staticAgentDirectory } from './agent-directory.ts';
import { startDiscovery } from './discovery-refresh.ts';
import { hostEventLog } from './host-events.ts';
import {
  closeServer,
  createHttpServer,
  createRequestListener,
  listenOn,
  type RequestListener,
} from './server.ts';
import { applyServerLimits } from '../http/server-limits.ts';
import { createTenantGate } from '../util/tenant-gate.ts';
import { answerClientErrors, type ClientErrorPaths } from '../http/client-error.ts';

/** The store ports the host itself uses (the core brings its own). */
export interface HostStores {
  hostEvents: HostEventStore;
  tokens: TokenStore;
  kv: KeyValueStore;
  /** A2A push configs and outbox; without it the host advertises no push notifications. */
  push?: PushStore;
}

export type BindingFactory = (ctx: HostContext) => { routes?: Route[]; mounts?: Mount[] };

export interface HostParts {
  config: HostConfig;
  core: RunCore;
  stores: HostStores;
  feed: ChangeFeed;
  auth: Authenticator;
  /** Workflow ids discovery lists in `fixtures[]` (the conformance pack the core serves). */
  fixtures?: readonly string[];
  /** The agent inventory; by default the agents of `config.agents`. */
  agents?: AgentDirectory;
  /** Prompts and resources for the MCP mount; none by default. */
  catalogue?: McpCatalogue;
  /**
   * The outbound effects the core and any extra binding perform (GET /host/effect-seams); the
   * host adds its own push delivery when it delivers pushes. None by default.
   */
  effectSeams?: readonly EffectSeam[];
  logger?: Logger;
  now?: () => Date;
  /** Take the base URL from the address `listen` binds (for port 0 in tests and local runs). */
  baseUrlFromListen?: boolean;
  /** Extra bindings, mounted before the built-in ones (tests, embedders). */
  bindings?: BindingFactory[];
  /** Called last on close (after the core), to release what the caller opened (the database). */
  onClose?: () => Promise<void>;
}

/**
 * The contract a host serves and the handlers it adds: `contract` is a generated package's
 * `contract` value (wopgen's own when absent); `handlers` holds, per protocol, the members that
 * contract needs beyond the built-in ones (required, by type, exactly when it has such members)
 * and any built-in member to override. The host refuses to start when a row is left unserved.
 */
export type ContractParts<C extends HostContract> = { contract?: C } & HandlersOption<C>;

/** A second path the built-in REST members are also served on (DESIGN.md §5: `:cancel`). */
const REST_ALIASES: readonly RestAlias[] = [
  { operationId: 'cancelRun', method: 'POST', path: '/runs/{runId}:cancel' },
];

export interface Host {
  readonly context: HostContext;
  readonly server: Server;
  /** The MCP server mount (its dispatcher also serves `wopgen serve --stdio`). */
  readonly mcp: McpServer;
  /** Push delivery (its dead letters), when the host delivers pushes. */
  readonly push?: PushService;
  /**
   * The request listener `server` runs: mount it on your own node:http server or framework router
   * (under a path prefix: runtime/host/mount.ts), and never call `listen` then.
   */
  readonly handler: RequestListener;
  /** Sets the URL every advertised URL is built from (an embedder's own, prefix included). */
  setBaseUrl(url: string): void;
  listen(port: number, hostname?: string): Promise<string>;
  close(): Promise<void>;
}

function peerOrigin(req: Parameters<HostContext['peerOrigin']>[0]): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '' && origin !== 'null') return origin;
  return `tcp://${req.socket.remoteAddress ?? 'unknown'}`;
}

function mountBindings(context: HostContext, extra: readonly BindingFactory[]) {
  const router = new Router();
  const mounts: Mount[] = [];
  for (const binding of extra) {
    const b = binding(context);
    router.addAll(b.routes ?? []);
    mounts.push(...(b.mounts ?? []));
  }
  const rest = { ...createRestHandlers(context), ...context.handlers.rest };
  router.addAll(restRoutes(context, rest, REST_ALIASES));
  router.addAll(deadLetterRoutes(context));
  const a2a = a2aBinding(context);
  router.addAll(a2a.routes);
  mounts.push(...a2a.mounts);
  const mcp = createMcpServer(context);
  mounts.push(...mcp.mounts);
  // Refusals Node makes before a handler runs are shaped by the binding owning the path.
  const a2aPrefixes = a2a.mounts.map((m) => m.prefix);
  const shapes: ClientErrorPaths = {
    a2a: a2aPrefixes.filter((p) => p !== HTTP_JSON_PATH),
    a2aRest: a2aPrefixes.filter((p) => p === HTTP_JSON_PATH),
    mcp: mcp.mounts.map((m) => m.prefix),
  };
  return { router, mounts, mcp, shapes };
}

export async function createHost<C extends HostContract = typeof wopgenContract>(
  parts: HostParts & ContractParts<C>,
): Promise<Host> {
  const log = parts.logger ?? pino({ level: 'silent' });
  const now = parts.now ?? (() => new Date());
  const { config, core, stores, feed } = parts;
  const handlers: SuppliedHandlers = {
    ...NO_HANDLERS,
    ...(parts.handlers as Partial<SuppliedHandlers>),
  };
  // Before anything is opened: a contract whose rows this host cannot serve is refused, all at once.
  const contract = verifyContract(
    parts.contract ?? wopgenContract,
    wopgenContract,
    suppliedKeys(handlers),
  );
  const limits = resolveLimits(config.limits);
  const authenticated = new WeakMap<IncomingMessage, Promise<Subject | undefined>>();
  // interop.md §"A2A push delivery": the card and discovery say push is on only when it is served.
  if (!stores.push) config.a2a.pushNotifications = false;
  const discovery = await startDiscovery({
    contract,
    config,
    kv: stores.kv,
    fixtures: parts.fixtures ?? [],
    now,
    log,
  });
  const context: HostContext = {
    contract,
    handlers,
    config,
    core,
    hostEvents: hostEventLog(stores.hostEvents, feed, now, limits),
    state: { tokens: stores.tokens, kv: stores.kv },
    agents: parts.agents ?? staticAgentDirectory(() => config.agents),
    catalogue: parts.catalogue ?? emptyCatalogue(),
    log,
    now,
    effectSeams: effectSeamManifest(
      [...(parts.effectSeams ?? []), ...(config.a2a.pushNotifications ? [PUSH_DELIVERY] : [])],
      buildId(),
    ),
    discovery: () => discovery.current(),
    authenticate: (req) => {
      // Once per request: a binding checks the credential before reading the body and its
      // pipeline asks again; the second ask must not cost a second keyed hash.
      let subject = authenticated.get(req);
      if (!subject) {
        subject = parts.auth.authenticate(req.headers.authorization).then((s) => {
          noteTenant(req, s);
          return s;
        });
        authenticated.set(req, subject);
      }
      return subject;
    },
    peerOrigin,
    limits,
    streams: createStreamSlots(limits.streamsPerTenant, limits.streamsPerHost),
    listings: createTenantGate(limits.listingsPerTenant),
  };
  const push =
    stores.push && config.a2a.pushNotifications
      ? createPushService({
          store: stores.push,
          feed,
          projector: pushProjector({ ctx: context }),
          config: () => config.a2a.push,
          maxConfigsPerTask: limits.pushConfigsPerTask,
          log,
          now,
        })
      : undefined;
  if (push) context.push = push;
  const { router, mounts, mcp, shapes } = mountBindings(context, parts.bindings ?? []);
  await mcp.ready();
  // The KEK opened the ring (or there is none to disagree with): the push data key may be sealed
  // under it now, never before (adapters/store/push-secrets.ts).
  await stores.push?.sealSecretKey?.();
  const handler = createRequestListener(context, router, mounts, shapes);
  const server = createHttpServer(handler);
  applyServerLimits(server, limits);
  answerClientErrors(server, shapes, contract);
  const setBaseUrl = (url: string): void => {
    config.baseUrl = url.replace(/\/+$/, '');
    discovery.rebuild();
  };
  await push?.start();
  let closed = false;
  return {
    context,
    server,
    mcp,
    ...(push && { push }),
    handler,
    setBaseUrl,
    async listen(port, hostname = '127.0.0.1') {
      const url = await listenOn(server, port, hostname);
      if (parts.baseUrlFromListen) setBaseUrl(url);
      return url;
    },
    async close() {
      if (closed) return;
      closed = true;
      discovery.stop();
      await push?.stop();
      await closeServer(server);
      await core.close();
      feed.close();
      await parts.onClose?.();
    },
  };
}
