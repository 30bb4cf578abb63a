// Push tokens and credentials sealed at rest (README "Secrets at rest"; adapters/store/
// push-secrets.ts). With the key-encryption key (WOPGEN_MCP_STATE_KEK) the store alone holds
// nothing that opens them: the secret row is sealed, the data key beside it is sealed, and no byte
// of the database is the token; the receiver still gets `Authorization: Bearer <token>`. Without a
// KEK the row is sealed all the same, under a data key kept in clear in the store (what the README
// says the store alone then reveals). On SQLite, and on PostgreSQL when available.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DATA_KEY_KV, pushSecretBox } from '../../runtime/adapters/store/push-secrets.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { itIf, POSTGRES, type Requirement } from '../helpers/requires.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { rpc, sdkClient, startPushHost, startTask, until, type PushHost } from './helpers.ts';

const KEK = 'kek-for-push-tests-only-0123456789';
const TOKEN = 'sentinel-push-token-61b0d2f4e8';
const CREDS = 'sentinel-push-creds-93a7c5e1d0';

interface Raw {
  secrets(): Promise<{ secret_ref: string; value: string }[]>;
  kv(key: string): Promise<string | undefined>;
  /** Every byte (SQLite: the file and its WAL) or text value (PostgreSQL) the store holds. */
  bytes(): Promise<string>;
}

interface Backend {
  name: string;
  /** What its tests need (skipped, saying why, without it). */
  requires?: Requirement;
  open(): Promise<{ store: { dir?: string; store?: string }; raw: Raw; drop(): Promise<void> }>;
}

const sqlite: Backend = {
  name: 'SQLite',
  async open() {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-push-seal-'));
    const read = <T>(sql: string, ...params: string[]): T[] => {
      const db = new Database(join(dir, 'host.db'), { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    };
    return {
      store: { dir },
      raw: {
        secrets: async () => read('SELECT secret_ref, value FROM push_secrets'),
        kv: async (key) => read<{ v: string }>('SELECT v FROM kv WHERE k = ?', key)[0]?.v,
        bytes: async () =>
          readdirSync(dir)
            .filter((f) => f.startsWith('host.db'))
            .map((f) => readFileSync(join(dir, f)).toString('latin1'))
            .join(''),
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  requires: POSTGRES,
  async open() {
    const db = await freshDatabase();
    const query = async <T>(sql: string, params: string[] = []): Promise<T[]> => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as T[];
      } finally {
        await c.end();
      }
    };
    return {
      store: { store: db.url },
      raw: {
        secrets: () => query('SELECT secret_ref, value FROM push_secrets'),
        kv: async (key) =>
          (await query<{ v: string }>('SELECT v FROM kv WHERE k = $1', [key]))[0]?.v,
        bytes: async () =>
          (
            await query<{ t: string }>(
              'SELECT secret_ref || value AS t FROM push_secrets UNION ALL SELECT k || v FROM kv',
            )
          )
            .map((r) => r.t)
            .join('\n'),
      },
      drop: () => db.drop(),
    };
  },
};

describe.each([sqlite, postgres])('push secrets sealed at rest on $name', (backend) => {
  const run = backend.requires ? itIf(backend.requires) : it;
  let receiver: PushReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /** A task with two push configs (a token, Basic credentials) on a host over a fresh store. */
  async function pushing(kek: string | undefined) {
    const s = await backend.open();
    const h: PushHost = await startPushHost(receiver, {
      ...s.store,
      config: (c) => {
        if (kek) c.mcp.requestStateKek = kek;
      },
    });
    const task = await startTask(await sdkClient(h), 'conformance-delay', { delayMs: 800 });
    const hook = `/hook/${backend.name}-${kek ? 'kek' : 'none'}`;
    for (const [suffix, auth] of [
      ['t', { token: TOKEN }],
      ['c', { authentication: { scheme: 'Basic', credentials: CREDS } }],
    ] as const) {
      const r = await rpc(h, h.key, 'CreateTaskPushNotificationConfig', {
        taskId: task.id,
        url: `${receiver.origin}${hook}-${suffix}`,
        ...auth,
      });
      expect(r.status).toBe(200);
    }
    return { s, h, hook };
  }

  run(
    'with the KEK no byte of the store is the token, and the receiver still gets it',
    async () => {
      const { s, h, hook } = await pushing(KEK);
      try {
        // While the task runs its secrets are stored: sealed, under a sealed data key.
        const rows = await s.raw.secrets();
        expect(rows.length).toBe(2);
        for (const r of rows) expect(r.value).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
        expect(await s.raw.kv(PUSH_DATA_KEY_KV)).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
        const bytes = await s.raw.bytes();
        for (const secret of [TOKEN, CREDS, KEK]) expect(bytes).not.toContain(secret);

        await until(() =>
          receiver.received.some(
            (p) => p.path === `${hook}-t` && p.body.includes('TASK_STATE_COMPLETED'),
          ),
        );
        await until(() =>
          receiver.received.some(
            (p) => p.path === `${hook}-c` && p.body.includes('TASK_STATE_COMPLETED'),
          ),
        );
        const got = (suffix: string) =>
          new Set(
            receiver.received
              .filter((p) => p.path === `${hook}-${suffix}`)
              .map((p) => p.headers['authorization']),
          );
        expect(got('t')).toEqual(new Set([`Bearer ${TOKEN}`]));
        expect(got('c')).toEqual(new Set([`Basic ${CREDS}`]));
      } finally {
        await h.close();
        await s.drop();
      }
    },
    60_000,
  );

  run(
    'without a KEK the rows are sealed all the same, under a data key the store keeps in clear',
    async () => {
      const { s, h } = await pushing(undefined);
      try {
        const rows = await s.raw.secrets();
        expect(rows.length).toBe(2);
        for (const r of rows) expect(r.value).toMatch(/^sealed:v1:/);
        expect(await s.raw.bytes()).not.toContain(TOKEN);
        // What the store alone reveals without a KEK: its data key opens every secret.
        const dataKey = (await s.raw.kv(PUSH_DATA_KEY_KV))!;
        expect(dataKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
        const opened = rows.map((r) => pushSecretBox(dataKey).open(r.secret_ref, r.value));
        expect(opened).toEqual(expect.arrayContaining([{ token: TOKEN }, { credentials: CREDS }]));
        // A row moved to another reference does not open.
        expect(() => pushSecretBox(dataKey).open('sec-other', rows[0]!.value)).toThrow(
          'a push secret in the store was sealed under another push secret key',
        );
      } finally {
        await h.close();
        await s.drop();
      }
    },
    60_000,
  );
});
