// Shared fixtures for runtime tests: a temp SQLite file, a RunCore over it, and minted subjects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subject } from '../../runtime/auth/subject.ts';
import { ApiKeyStore } from '../../runtime/auth/api-keys.ts';
import {
  createRunCore,
  referencePack,
  type RunCore,
  type RunEvent,
} from '../../runtime/core/index.ts';
import { SqliteStore } from '../../runtime/store/sqlite/sqlite-store.ts';
import type { WorkflowRegistry } from '../../runtime/core/workflows/index.ts';

export interface Fixture {
  dir: string;
  file: string;
  store: SqliteStore;
  core: RunCore;
  open(): Promise<{ store: SqliteStore; core: RunCore }>;
  cleanup(): Promise<void>;
}

export async function fixture(workflows: WorkflowRegistry = referencePack()): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-runtime-'));
  const file = join(dir, 'host.db');
  const opened: RunCore[] = [];
  const open = async () => {
    const store = new SqliteStore({ filename: file });
    const core = await createRunCore({ store, workflows });
    opened.push(core);
    return { store, core };
  };
  const first = await open();
  return {
    dir,
    file,
    ...first,
    open,
    async cleanup() {
      for (const c of opened) await c.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function subject(tenant: string, subjectId: string): Subject {
  return { issuer: 'urn:test', subjectId, tenant, lane: 'api-key', kind: 'user' };
}

export async function mintSubject(
  store: SqliteStore,
  tenant: string,
  subjectId?: string,
): Promise<Subject> {
  return (await new ApiKeyStore(store).mintKey(tenant, subjectId ? { subjectId } : {})).subject;
}

export async function collect(it: AsyncIterable<RunEvent> | undefined): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  if (!it) throw new Error('no stream');
  for await (const e of it) out.push(e);
  return out;
}

export const types = (events: readonly RunEvent[]): string[] => events.map((e) => e.type);
