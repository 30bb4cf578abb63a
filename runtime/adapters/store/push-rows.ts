// The push store's rows (tables push_configs and push_outbox), the same in both SQL adapters but for
// how a flag comes back (SQLite answers 0/1, PostgreSQL a boolean), and the SQL both share.
import type { Subject } from '../../ports/auth.ts';
import type {
  ClaimedPush,
  PushConfigRecord,
  PushOutboxItem,
  PushState,
} from '../../ports/store/push-store.ts';

type Flag = boolean | number;

/**
 * SQL (alias `o` for push_outbox): each config's oldest pending push. Only it may be claimed, so a
 * config's pushes go out in order.
 */
export const PENDING_HEADS = `o.state = 'pending' AND o.outbox_id = (SELECT MIN(p.outbox_id)
  FROM push_outbox p WHERE p.config_id = o.config_id AND p.state = 'pending')`;

export interface ConfigRow {
  config_id: string;
  run_id: string;
  tenant: string;
  owner: string;
  url: string;
  scheme: string | null;
  secret_ref: string | null;
  cursor: number;
  finished: Flag;
  created_at: string;
}

export interface OutboxRow {
  outbox_id: number;
  config_id: string;
  sequence: number;
  body: string;
  final: Flag;
  state: PushState;
  attempts: number;
  next_at: number;
  created_at: string;
}

const isSet = (f: Flag): boolean => f === true || f === 1;

export function configOf(r: ConfigRow): PushConfigRecord {
  const c: PushConfigRecord = {
    configId: r.config_id,
    runId: r.run_id,
    tenant: r.tenant,
    owner: JSON.parse(r.owner) as Subject,
    url: r.url,
    cursor: r.cursor,
    finished: isSet(r.finished),
    createdAt: r.created_at,
  };
  if (r.scheme !== null) c.scheme = r.scheme;
  if (r.secret_ref !== null) c.secretRef = r.secret_ref;
  return c;
}

export function itemOf(r: OutboxRow): PushOutboxItem {
  return {
    outboxId: r.outbox_id,
    configId: r.config_id,
    sequence: r.sequence,
    body: r.body,
    final: isSet(r.final),
    state: r.state,
    attempts: r.attempts,
    nextAt: r.next_at,
    createdAt: r.created_at,
  };
}

/** A claimed outbox row with its config's tenant and URL (PushStore.claimPushes). */
export type ClaimedRow = OutboxRow & { tenant: string; url: string };

export function claimedOf(r: ClaimedRow): ClaimedPush {
  return { ...itemOf(r), tenant: r.tenant, url: r.url };
}
