// The outbound steps' part of the host, from its config: requests through the egress guard, the
// operator's stdio servers, the poll interval, the bounds every answer is read under.
import type { OutboundConfig } from '../../config.ts';
import type { OutboundDeps } from '../../ports/outbound.ts';
import { egressOptionsOf } from '../push/egress-guard.ts';
import { guardedFetch } from './guarded-fetch.ts';

export function outboundDeps(config: OutboundConfig): OutboundDeps {
  return {
    fetch: guardedFetch({ ...egressOptionsOf(config), subject: 'outbound' }, config.credentials),
    stdio: config.stdio,
    pollMs: config.pollMs,
    limits: { timeoutMs: config.limits.timeoutMs, maxBytes: config.limits.maxAnswerBytes },
  };
}
