// The ChangeFeed of several hosts on one PostgreSQL database: a publish wakes this host's readers at
// once, and the other hosts LISTEN on one dedicated connection and wake theirs. A notification only
// says "read again": the event table is the truth and every reader resumes from the last sequence
// it saw (core/reference/streams.ts), so a notification lost while the listening connection is down
// costs latency (the reader's poll timeout), never an event. Each payload carries the sending
// host's instance id (notice.ts) so a host skips its own echo (its readers were woken already)
// and its subscribers see each change once.
//
// The NOTIFYs of one event-loop turn go out as one statement after the writes committed, each
// distinct topic once: every audited request publishes its tenant's host topic, and a round trip
// per publish was a third of a GetTask's on PostgreSQL. Not inside the writes' own statements:
// PostgreSQL serialises the commits of notifying transactions on one lock held across their WAL
// flush (PreCommit_Notify), which queued every host's writes one flush at a time. The NOTIFY
// statement commits with `synchronous_commit = off`: a notice is only a wake-up, delivered at the
// commit whether or not it is flushed, so the lock is held for no flush at all.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeFeed, ChangeTopic } from '../../ports/change-feed.ts';
import { InProcessChangeFeed } from './in-process.ts';
import { prepared } from '../store/postgres/prepared.ts';
import { CHANNEL, decodeNotice, encodeNotice } from './notice.ts';

export { CHANNEL } from './notice.ts';

const NOTIFY_SQL = `SELECT pg_notify('${CHANNEL}', p)
  FROM unnest($1::text[]) AS p, (SELECT set_config('synchronous_commit', 'off', true)) AS cfg`;
const RECONNECT_MS = 500;

export interface PostgresChangeFeedOptions {
  /** The database URL the listening connection opens. */
  url: string;
  /** Where NOTIFY is sent from (the stores' pool). */
  pool: pg.Pool;
  /** Host-side failures of the listening connection (the host's logger). */
  onError?: (err: unknown) => void;
  /** Milliseconds to open the listening connection (a stalled server must not hang a reconnect). */
  connectTimeoutMs?: number;
}

export class PostgresChangeFeed extends InProcessChangeFeed implements ChangeFeed {
  readonly instance = randomUUID();
  private listener: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  /** Payloads published since the last NOTIFY statement went out, each once. */
  private unsent = new Set<string>();
  private sending = false;
  /** NOTIFY statements sent so far (tests read it). */
  notifyStatements = 0;

  private constructor(private readonly options: PostgresChangeFeedOptions) {
    super();
  }

  /** Opens the listening connection before returning, so no change after it is missed. */
  static async open(options: PostgresChangeFeedOptions): Promise<PostgresChangeFeed> {
    const feed = new PostgresChangeFeed(options);
    await feed.listen();
    return feed;
  }

  override publish(topic: ChangeTopic): void {
    super.publish(topic);
    if (this.isClosed) return;
    this.unsent.add(encodeNotice(this.instance, topic));
    if (!this.sending) void this.send();
  }

  /** One statement per turn (and per round trip while one is out) for what was published. */
  private async send(): Promise<void> {
    this.sending = true;
    try {
      await new Promise((r) => setImmediate(r));
      while (this.unsent.size > 0 && !this.isClosed) {
        const payloads = [...this.unsent];
        this.unsent.clear();
        this.notifyStatements++;
        await this.options.pool
          .query(prepared(NOTIFY_SQL, [payloads]))
          .catch((err: unknown) => this.options.onError?.(err));
      }
    } finally {
      this.sending = false;
    }
  }

  override close(): void {
    super.close();
    clearTimeout(this.retry);
    const l = this.listener;
    this.listener = undefined;
    void l?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      ...(this.options.connectTimeoutMs !== undefined && {
        connectionTimeoutMillis: this.options.connectTimeoutMs,
      }),
    });
    const lost = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      if (err) this.options.onError?.(err);
      void client.end().catch(() => undefined);
      if (!this.isClosed) this.retry = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      const m = decodeNotice(msg.payload);
      if (m && m.instance !== this.instance && !this.isClosed) super.publish(m.topic);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.isClosed) return void (await client.end());
    this.listener = client;
  }

  private async reconnect(): Promise<void> {
    try {
      await this.listen();
    } catch (err) {
      this.options.onError?.(err);
      if (!this.isClosed) this.retry = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    }
  }
}
