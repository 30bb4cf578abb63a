// Load and after-the-crash checks shared by the SIGKILL tests (every acknowledged run
// exists with a gap-free event sequence, none executed twice). Clients send until the host dies and
// keep what it acknowledged; the checks read the store the killed process left.
import Database from 'better-sqlite3';
import { expect } from 'vitest';

export const CRASH_KEY = 'crash-test-key-0123456789';
export const CRASH_ENV = { WOPGEN_API_KEYS: `${CRASH_KEY}=crash`, LOG_LEVEL: 'info' };

export interface Acked {
  via: 'a2a' | 'mcp' | 'rest';
  /** The unique text the run was started with (its `inputs.text`). */
  text: string;
  /** The run id, when the answer names it (A2A: `Task.id`). */
  runId?: string;
  /** What the answer reported: the A2A task state, or `completed` for an MCP result. */
  state: string;
}

/** One A2A client: SendMessage to the echo skill until the host goes away. */
export async function a2aClient(base: string, tag: string, acked: Acked[]): Promise<void> {
  for (let i = 0; ; i++) {
    const text = `${tag}-${i}`;
    try {
      const res = await fetch(`${base}/a2a/jsonrpc`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${CRASH_KEY}`,
          'content-type': 'application/json',
          'a2a-version': '1.0',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'SendMessage',
          params: { message: { messageId: text, role: 'ROLE_USER', parts: [{ text }] } },
        }),
      });
      const body = (await res.json()) as {
        result?: { task: { id: string; status: { state: string } } };
      };
      if (body.result) {
        const { id, status } = body.result.task;
        acked.push({ via: 'a2a', text, runId: id, state: status.state });
      }
    } catch {
      return; // the connection died with the server: nothing acknowledged
    }
  }
}

/**
 * One REST client: runs of `conformance-delay` with a zero delay until the host goes away. Their
 * first turn stops at the delay (runtime/core/reference/first-turn.ts), so each run also commits
 * engine steps of its own (the deadline, the delay's end, the completion): the `step-commit` load.
 */
export async function restClient(base: string, tag: string, acked: Acked[]): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${base}/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CRASH_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflowId: 'conformance-delay', inputs: { delayMs: 0 } }),
      });
      const body = (await res.json()) as { runId?: string; status?: string };
      if (res.status === 201 && body.runId && body.status)
        acked.push({ via: 'rest', text: `${tag}-${i}`, runId: body.runId, state: body.status });
    } catch {
      return;
    }
  }
}

const MCP_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'crash-test', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One MCP client: `tools/call` of the echo tool (raw streamable HTTP) until the host goes away. */
export async function mcpClient(base: string, tag: string, acked: Acked[]): Promise<void> {
  for (let i = 0; ; i++) {
    const text = `${tag}-${i}`;
    try {
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${CRASH_KEY}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'echo',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text }, _meta: MCP_META },
        }),
      });
      const body = (await res.json()) as {
        result?: { isError: boolean; structuredContent?: { text?: string } };
      };
      // An echo result carries the text back: that is the acknowledgement of this run.
      if (body.result && !body.result.isError && body.result.structuredContent?.text === text)
        acked.push({ via: 'mcp', text, state: 'completed' });
    } catch {
      return;
    }
  }
}

interface RunRow {
  run_id: string;
  status: string;
}

/**
 * The store a crash left, after a restart resumed it: every acknowledged run is there exactly once
 * (MCP runs found by their unique input text), completed when its answer said so; every run's log
 * has sequences 0..n-1 with at most one `run.started` and one terminal event (none executed
 * twice); `live` lists the statuses a run may still be in; the file passes `integrity_check`.
 */
export function checkStore(
  dbPath: string,
  acked: readonly Acked[],
  live: readonly string[],
  note: string,
) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const byText = db.prepare(
      "SELECT run_id, status FROM runs WHERE json_extract(inputs, '$.text') = ?",
    );
    const byId = db.prepare('SELECT run_id, status FROM runs WHERE run_id = ?');
    for (const a of acked) {
      const rows = (a.runId ? byId.all(a.runId) : byText.all(a.text)) as RunRow[];
      expect(rows, `${note}: ${a.via} run ${a.text}`).toHaveLength(1);
      if (a.state === 'TASK_STATE_COMPLETED' || a.state === 'completed')
        expect(rows[0]!.status, `${note}: ${a.text}`).toBe('completed');
    }
    const runs = db.prepare('SELECT run_id, status FROM runs').all() as RunRow[];
    const events = db.prepare(
      'SELECT sequence, type FROM events WHERE run_id = ? ORDER BY sequence',
    );
    for (const run of runs) {
      expect(
        live.includes(run.status) || TERMINAL.includes(run.status),
        `${note}: ${run.run_id} ${run.status}`,
      ).toBe(true);
      const log = events.all(run.run_id) as { sequence: number; type: string }[];
      expect(
        log.map((e) => e.sequence),
        `${note}: ${run.run_id}`,
      ).toEqual(log.map((_, i) => i));
      expect(
        log.filter((e) => e.type === 'run.started').length,
        `${note}: ${run.run_id}`,
      ).toBeLessThanOrEqual(1);
      const ends = log.filter((e) => TERMINAL_EVENTS.includes(e.type));
      expect(ends.length, `${note}: ${run.run_id}`).toBe(TERMINAL.includes(run.status) ? 1 : 0);
    }
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return runs;
  } finally {
    db.close();
  }
}

const TERMINAL = ['completed', 'failed', 'cancelled'];
const TERMINAL_EVENTS = ['run.completed', 'run.failed', 'run.cancelled'];

/** The listening URL of `wopgen serve`'s start record. */
export function baseOf(listening: { msg: string }): string {
  return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(listening.msg)![1]!;
}
