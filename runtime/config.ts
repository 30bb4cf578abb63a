// Host configuration: what `wopgen serve` (or an embedding program) decides, with defaults that
// advertise exactly what the reference host serves.
import { DEFAULT_LIMITS } from '@wopgen/generated/client/support';
import type { AgentEntry } from './ports/agents.ts';
import { wopgenContract } from './contract/default.ts';
import type { ServedContract } from './contract/served.ts';
import type { HostLimits } from './http/limits.ts';

export interface A2aConfig {
  versions: string[];
  preferredVersion: string;
  minimumVersion: string;
  streaming: boolean;
  pushNotifications: boolean;
  durableTasks: boolean;
  /** Workflow ids A2A routes as skills; undefined routes every workflow of the registry. */
  skills?: string[];
  /** Media types every skill takes and gives unless `skillModes` narrows it (the card's defaults). */
  defaultInputModes: string[];
  defaultOutputModes: string[];
  /** Per-skill modes (workflow id → modes); a part outside a skill's input modes is -32005. */
  skillModes?: Record<string, { inputModes?: string[]; outputModes?: string[] }>;
  /** Milliseconds a blocking SendMessage waits for a terminal or input-required state. */
  blockingTimeoutMs: number;
  /** Each inventory agent gets its own card behind an opaque `a2aTenant` (interop.md §"Per-agent cards"). */
  agentCards: boolean;
  /** How pushes are delivered when `pushNotifications` is on (interop.md §"A2A push delivery"). */
  push: PushDeliveryConfig;
}

/** Push delivery: the retry policy (webhooks `retryPolicy` semantics) and the egress limits. */
export interface PushDeliveryConfig {
  retry: {
    maxAttempts: number;
    backoff: 'none' | 'fixed' | 'exponential';
    baseMs: number;
    maxMs: number;
  };
  timeoutMs: number;
  maxResponseBytes: number;
  /** How long a claimed push stays leased before another pass may claim it again. */
  leaseMs: number;
  /**
   * Pushes this process sends at once (`slots`), and the share of them one tenant, and one of its
   * receivers (a URL), may hold: a receiver that never answers holds only its own places
   * (adapters/push/outbox.ts).
   */
  concurrency: { slots: number; perTenant: number; perReceiver: number };
  /**
   * The operator's networks of private receivers, as CIDRs (in-cluster webhooks; `::1/128` and
   * `127.0.0.0/8` for a receiver on the host itself). Metadata and reserved addresses stay refused.
   * Discovery says when the list is not empty.
   */
  allowedCidrs: string[];
  /** Ports a push URL may name (its scheme's default when it names none). */
  allowedPorts: number[];
  /** Development only (tests): admit `http:` receivers. */
  allowHttp: boolean;
  /** Extra trust anchors (PEM) for receivers on a private CA (tests). */
  ca?: string[];
}

/** The MCP server mount (interop.md §The facets, §The MCP round ceiling; DESIGN.md §5). */
export interface McpConfig {
  revisions: string[];
  preferredVersion: string;
  minimumRevision: string;
  /** `mcp.mrtr.maxRounds`: input_required rounds allowed per logical call (1–16). */
  maxRounds: number;
  /** Lifetime of a minted `requestState`. */
  requestStateTtlMs: number;
  /** HMAC key for `requestState`; a random one per process when absent (tokens die on restart). */
  requestStateSecret?: string;
  /**
   * Key-encryption key for the requestState keys kept in the store when no secret is configured
   * (bindings/mcp/sealed-keys.ts) and for the push secrets' data key (adapters/store/
   * push-secrets.ts): with it, the store holds them sealed. Environment only.
   */
  requestStateKek?: string;
  /** Feature ids advertised in `mcp.features[]` (⊇ the map's required ones, + `extensions`). */
  features: string[];
  transports: ('streamable-http' | 'stdio')[];
  /** `ttlMs` on list results and the task `ttlMs`/`pollIntervalMs`. */
  listTtlMs: number;
  taskTtlMs: number;
  pollIntervalMs: number;
}

/** An agent of the reference host's inventory and the tenants that see it. */
export interface AgentManifest extends AgentEntry {
  tenants: string[];
}

export interface HostConfig {
  /** Absolute base URL every advertised URL is built from (no trailing slash). */
  baseUrl: string;
  /** The OpenWOP versions served on REST (`OpenWOP-Version`). */
  protocolVersions: string[];
  preferredProtocolVersion: string;
  a2a: A2aConfig;
  mcp: McpConfig;
  /** Days an advertisement stays fresh; at most 90 (interop.md, the refresh SLA). */
  refreshWindowDays: number;
  /** Request body limit in bytes. */
  bodyLimit: number;
  /** Connection, stream and retention limits; defaults in http/limits.ts. */
  limits?: Partial<HostLimits>;
  /** The agent inventory (`GET /agents`); none by default. */
  agents: AgentManifest[];
  /** Outbound steps (a2a-call, mcp-call): what they may reach (interop.md §Calling out). */
  outbound: OutboundConfig;
}

/** Where workflows may call out: the egress guard's development switches and stdio servers. */
export interface OutboundConfig {
  /** The operator's private networks steps may reach, as CIDRs (as `a2a.push.allowedCidrs`). */
  allowedCidrs: string[];
  /** Ports a target URL may name (its scheme's default when it names none). */
  allowedPorts: number[];
  /** Development only: admit `http:` targets. */
  allowHttp: boolean;
  /** The stdio MCP servers an `mcp-call` step may start, by the name the step gives. */
  stdio: Record<string, { command: string; args?: string[]; env?: Record<string, string> }>;
  /** Milliseconds between two polls of a remote task. */
  pollMs: number;
  /** How much of a remote's answer a step reads, and how long it waits (README "Calling out"). */
  limits: OutboundLimits;
  /**
   * Credentials the operator binds to a target, by reference: requests to `origin` carry `header`
   * with the value of the environment variable `env`, read when the request leaves (never the
   * caller's own key, never stored on a run).
   */
  credentials?: OutboundCredential[];
}

/** The bounds the generated clients read every answer under (their ClientLimits). */
export interface OutboundLimits {
  /** Milliseconds a request waits for its whole answer; a stream waits this long per event. */
  timeoutMs: number;
  /** Bytes of one answer (a JSON body, or one stream event, or one stdio line). */
  maxAnswerBytes: number;
}

/** The generated clients' own bounds (4 MiB, 30 s). */
export const DEFAULT_OUTBOUND_LIMITS: Readonly<OutboundLimits> = {
  timeoutMs: DEFAULT_LIMITS.timeoutMs,
  maxAnswerBytes: DEFAULT_LIMITS.maxBytes,
};

export interface OutboundCredential {
  origin: string;
  header: string;
  env: string;
}

/** The reference host's settings; the versions offered are the ones `contract` pins. */
export function defaultConfig(
  baseUrl: string,
  contract: ServedContract = wopgenContract,
): HostConfig {
  const pinned = contract.negotiation.tables.a2a.pinned;
  const mcpPinned = contract.negotiation.tables.mcp.pinned;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    protocolVersions: ['2.0'],
    preferredProtocolVersion: '2.0',
    a2a: {
      versions: [pinned],
      preferredVersion: pinned,
      minimumVersion: pinned,
      streaming: true,
      pushNotifications: true,
      durableTasks: true,
      agentCards: true,
      defaultInputModes: ['text/plain', 'application/json'],
      defaultOutputModes: ['application/json', 'text/plain'],
      blockingTimeoutMs: 10_000,
      push: {
        retry: { maxAttempts: 6, backoff: 'exponential', baseMs: 1_000, maxMs: 5 * 60_000 },
        timeoutMs: 10_000,
        maxResponseBytes: 64 * 1024,
        leaseMs: 60_000,
        concurrency: { slots: 64, perTenant: 8, perReceiver: 2 },
        allowedCidrs: [],
        allowedPorts: [443, 80],
        allowHttp: false,
      },
    },
    mcp: {
      revisions: [mcpPinned],
      preferredVersion: mcpPinned,
      minimumRevision: mcpPinned,
      maxRounds: 4,
      requestStateTtlMs: 10 * 60_000,
      features: ['server-discover', 'mrtr', 'cacheable-lists', 'extensions'],
      transports: ['streamable-http', 'stdio'],
      listTtlMs: 60_000,
      taskTtlMs: 24 * 60 * 60_000,
      pollIntervalMs: 500,
    },
    refreshWindowDays: 90,
    bodyLimit: 1024 * 1024,
    agents: [],
    outbound: {
      allowedCidrs: [],
      allowedPorts: [443, 80],
      allowHttp: false,
      stdio: {},
      pollMs: 500,
      limits: { ...DEFAULT_OUTBOUND_LIMITS },
    },
  };
}
