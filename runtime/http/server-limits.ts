// Connection limits on the host's server: a bound on how long headers and a whole request may take,
// how long a kept-alive or silent socket may stay open, how many sockets the process holds and how
// many of them one client address may hold, so idle or slow connections cannot exhaust its file
// descriptors or lock other clients out. Event streams lift the idle timeout on their own socket
// (sse.ts) since silence is their job.
//
// A connection that never sends a byte is closed by the headers timeout: Node starts that clock
// when the connection is accepted, not at its first byte, and answers 408 (client-error.ts). A
// client that never reads its socket keeps its own end open (CLOSE_WAIT) after the host has closed
// and freed its end; the host's count of sockets is what the caps apply to.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ipv6Hextets, mappedIpv4 } from '../util/ip.ts';
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
  if (limits.maxConnectionsPerAddress > 0) capPerAddress(server, limits.maxConnectionsPerAddress);
}

/** The address a socket counts against: IPv4 as is (mapped ones unwrapped), IPv6 by its /64. */
export function addressKey(remote: string | undefined): string {
  if (remote === undefined) return '';
  const v4 = mappedIpv4(remote);
  if (v4 !== undefined) return v4;
  const h = ipv6Hextets(remote);
  return h
    ? `${h
        .slice(0, 4)
        .map((x) => x.toString(16))
        .join(':')}::/64`
    : remote;
}

function capPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  // 'connection' comes after Node's own maxConnections check, before any byte is parsed.
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    const held = open.get(key) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
