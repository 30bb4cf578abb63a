// Shared fixtures for runtime tests: a temp SQLite file, the reference RunCore and the host event
// log over it (composed as the SQLite host composes them), and minted subjects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessChangeFeed } from '../../runtime/adapters/change-feed/in-process.ts';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { ApiKeyStore } from '../../runtime/auth/api-keys.ts';
import { createRunCore, referencePack } from '../../runtime/core/reference/index.ts';
import type { WorkflowRegistry } from '../../runtime/core/reference/workflows/index.ts';
import { DEFAULT_LIMITS } from '../../runtime/http/limits.ts';
import { hostEventLog } from '../../runtime/host/host-events.ts';
import type { Subject } from '../../runtime/ports/auth.ts';
import type { RunEvent } from '../../runtime/ports/events.ts';
import type { HostEventLog } from '../../runtime/ports/host-events.ts';
import type { RunCore } from '../../runtime/ports/run-core.ts';
import type { NegotiationDecided } from '../../generated/types/events.ts';

export interface Opened {
  store: SqliteStores;
  core: RunCore;
  hostEvents: HostEventLog;
}

export interface Fixture extends Opened {
  dir: string;
  file: string;
  open(): Promise<Opened>;
  cleanup(): Promise<void>;
}

export async function fixture(workflows: WorkflowRegistry = referencePack()): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-runtime-'));
  const file = join(dir, 'host.db');
  const closers: (() => Promise<void>)[] = [];
  const open = async (): Promise<Opened> => {
    const store = openSqliteStores(file);
    const feed = new InProcessChangeFeed();
    const core = await createRunCore({ runs: store.runs, feed, workflows });
    closers.push(async () => {
      await core.close();
      feed.close();
      await store.close();
    });
    return {
      store,
      core,
      hostEvents: hostEventLog(store.hostEvents, feed, () => new Date(), DEFAULT_LIMITS),
    };
  };
  const first = await open();
  return {
    dir,
    file,
    ...first,
    open,
    async cleanup() {
      for (const c of closers) await c();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A well-formed `negotiation.decided` payload (a record a binding hands createRun). */
export const DECIDED: NegotiationDecided = {
  protocol: 'a2a',
  outcome: 'accepted',
  at: '2026-02-02T00:00:00.000Z',
  floor: '1.0',
  peerDigest: '0'.repeat(64),
  reason: 'ok',
  version: '1.0',
};

export function subject(tenant: string, subjectId: string): Subject {
  return { issuer: 'urn:test', subjectId, tenant, lane: 'api-key', kind: 'user' };
}

export async function mintSubject(
  store: SqliteStores,
  tenant: string,
  subjectId?: string,
): Promise<Subject> {
  const keys = new ApiKeyStore(store.apiKeys);
  return (await keys.mintKey(tenant, subjectId ? { subjectId } : {})).subject;
}

export async function collect(it: AsyncIterable<RunEvent> | undefined): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  if (!it) throw new Error('no stream');
  for await (const e of it) out.push(e);
  return out;
}

export const types = (events: readonly RunEvent[]): string[] => events.map((e) => e.type);
