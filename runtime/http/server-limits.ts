// Connection limits on the host's server (issue 10, break 2): a bound on how long headers and a
// whole request may take, how long a kept-alive or silent socket may stay open, and how many
// sockets the process holds, so idle or slow connections cannot exhaust its file descriptors.
// Event streams lift the idle timeout on their own socket (sse.ts) since silence is their job.
import type { Server } from 'node:http';
import type { HostLimits } from './limits.ts';

export function applyServerLimits(server: Server, limits: HostLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  // With no 'timeout' listener on the server, Node destroys a socket silent this long.
  server.timeout = limits.idleSocketMs;
  // Node checks the two request timeouts on this period; keep it well under the shorter one.
  const check = Math.max(250, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4);
  (server as Server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval = check;
}
