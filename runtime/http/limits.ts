// The host's resource limits: how long a connection may stay silent, how long headers
// and a whole request may take, how many sockets and open streams the host holds, and how much a
// stream may buffer for a reader that stopped reading. Every value has a default sized for one
// process serving many tenants; `HostConfig.limits` overrides any of them (README §Reliability).
import type { SseLimits } from './sse.ts';

export interface HostLimits {
  /** Open sockets the server accepts; more are refused at accept (`server.maxConnections`). */
  maxConnections: number;
  /**
   * Open sockets one client address may hold (an IPv6 client's /64 counts as one address); more
   * are closed at accept, so one address cannot take every socket. 0: no cap (behind a proxy,
   * every connection comes from the proxy's address).
   */
  maxConnectionsPerAddress: number;
  /** Milliseconds to receive a request's headers (`server.headersTimeout`). */
  headersTimeoutMs: number;
  /** Milliseconds to receive a whole request, body included (`server.requestTimeout`). */
  requestTimeoutMs: number;
  /** Milliseconds a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** Milliseconds a socket may stay silent (no byte either way) outside an open stream. */
  idleSocketMs: number;
  /** Open event streams (SSE: REST, A2A, MCP listen) per tenant. */
  streamsPerTenant: number;
  /** Open event streams across the host. */
  streamsPerHost: number;
  /** Bytes a stream may hold unsent for a reader before it is closed as a slow consumer. */
  streamBufferBytes: number;
  /** Milliseconds a stream waits for a stalled reader to drain before closing it. */
  streamDrainTimeoutMs: number;
  /** Body bytes read before the caller is authenticated (`server/discover`, error ids). */
  unauthenticatedBodyLimit: number;
  /** Host events kept per tenant scope; older ones are pruned at append (audit retention). */
  hostEventRetention: number;
  /** Host events a `/host/events` stream without `Last-Event-ID` replays before following. */
  hostEventTail: number;
  /**
   * Task and run listings (a page and its count) one tenant has the store answer at once; more
   * wait their turn, so one tenant's burst never takes every connection (util/tenant-gate.ts).
   */
  listingsPerTenant: number;
  /** Push configs one task may hold; one more is refused (interop.md §"A2A push delivery"). */
  pushConfigsPerTask: number;
}

export const DEFAULT_LIMITS: Readonly<HostLimits> = {
  maxConnections: 4096,
  maxConnectionsPerAddress: 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketMs: 120_000,
  streamsPerTenant: 64,
  streamsPerHost: 1024,
  streamBufferBytes: 1024 * 1024,
  streamDrainTimeoutMs: 30_000,
  unauthenticatedBodyLimit: 64 * 1024,
  hostEventRetention: 10_000,
  hostEventTail: 100,
  listingsPerTenant: 4,
  pushConfigsPerTask: 10,
};

export function resolveLimits(overrides: Partial<HostLimits> | undefined): HostLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

/** The stream limits every SSE writer of the host uses (http/sse.ts). */
export function sseLimitsOf(limits: HostLimits): SseLimits {
  return { bufferBytes: limits.streamBufferBytes, drainTimeoutMs: limits.streamDrainTimeoutMs };
}
