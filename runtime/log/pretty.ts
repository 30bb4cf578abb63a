// The terminal rendering of the host's log (pino's JSON lines): one short line per record,
// `HH:MM:SS LEVEL message key=value…`; a request line reads `rest POST /runs 201 3.1ms …`. A
// dozen lines instead of pino-pretty (a dependency with its own tree) because the host logs few
// shapes. Colors unless NO_COLOR is set (https://no-color.org).
const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO ', color: '32' },
  40: { name: 'WARN ', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
};

/** pino's own members, not shown as key=value. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);
/** Members a request line shows in its fixed positions. */
const REQUEST = ['binding', 'method', 'route', 'rpc', 'status', 'code', 'ms'];

function scalar(v: unknown): string {
  return typeof v === 'string' && /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
}

function clock(time: unknown): string {
  const d = new Date(typeof time === 'number' ? time : Date.now());
  return d.toTimeString().slice(0, 8);
}

/** One pino JSON record as text (with a trailing newline); a line that is not JSON passes through. */
export function formatRecord(line: string, color: boolean): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = LEVELS[rec['level'] as number] ?? { name: String(rec['level']), color: '0' };
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const isRequest = rec['msg'] === 'request' && 'binding' in rec;
  const head = isRequest
    ? [
        rec['binding'],
        rec['method'],
        rec['route'],
        rec['rpc'],
        rec['status'],
        rec['code'] !== undefined ? `(${String(rec['code'])})` : undefined,
        `${String(rec['ms'])}ms`,
      ]
        .filter((x) => x !== undefined)
        .join(' ')
    : String(rec['msg'] ?? '');
  const extras: string[] = [];
  const blocks: string[] = [];
  for (const [k, v] of Object.entries(rec)) {
    if (HIDDEN.has(k) || (isRequest && REQUEST.includes(k))) continue;
    if (k === 'err' && typeof v === 'object' && v !== null) {
      const e = v as { message?: unknown; stack?: unknown };
      blocks.push(String(e.stack ?? e.message));
    } else if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      // A map of names to values (the banner's endpoints): one indented line each.
      for (const [name, value] of Object.entries(v))
        blocks.push(`  ${name.padEnd(11)} ${scalar(value)}`);
    } else {
      extras.push(`${k}=${scalar(v)}`);
    }
  }
  const first = [paint('90', clock(rec['time'])), paint(level.color, level.name), head, ...extras];
  return [first.join(' '), ...blocks].join('\n') + '\n';
}

/** A pino destination that renders each record for a terminal. */
export function prettyDestination(out: NodeJS.WritableStream, color: boolean) {
  return {
    write(line: string): boolean {
      return out.write(formatRecord(line, color));
    },
  };
}
