// `wopgen keys`: the API keys of a host's store (the one `wopgen serve` uses: --store,
// WOPGEN_STORE or `serve.store` of wopgen.config.json), per tenant: list them, mint one, rotate one
// (a new key for the same subject, so its runs stay its own), revoke one. Only keyed hashes are
// stored (auth/key-admin.ts); a minted key is printed once, alone on stdout, and never logged.
// Exit codes: 0 done, 1 refused (an unknown key id, another tenant's key, a store that cannot be
// opened), 2 usage.
import { KEY_CACHE_TTL_MS } from './auth/api-keys.ts';
import { KeyAdmin, KeyRefusal, type IssuedKey, type KeyInfo } from './auth/key-admin.ts';
import { redactStoreUrl } from './host/store-url.ts';
import { openKeyStores } from './host/key-stores.ts';
import { isRunTenant } from './ids.ts';
import { readServeFile } from './serve/config-file.ts';
import { storeSetting } from './serve/settings.ts';
import { parseFlags, UsageError, usageText } from './serve/usage.ts';
import { didYouMean } from './util/did-you-mean.ts';

export const KEYS_HELP = `usage: wopgen keys <list|mint|rotate|revoke> [options]

Manages the API keys in a host's store: the store \`wopgen serve\` uses, SQLite or PostgreSQL.
Only a keyed hash of each key is stored; a minted key is printed once, alone on stdout.

  wopgen keys list [--tenant T]     the keys: id, tenant, subject, created
  wopgen keys mint --tenant T       a new key for tenant T
  wopgen keys rotate ID             a new key for the same tenant and subject (its runs stay
                                    its own) replaces key ID
  wopgen keys revoke ID             key ID stops working

options:
  --store URL          sqlite:PATH or postgres://…  WOPGEN_STORE, serve.store (sqlite:./data/wopgen.db)
  --tenant T           list: only T's keys; mint: the tenant; rotate, revoke: refuse a key of
                       another tenant
  --format text|json   text (default), or one JSON document on stdout
  -h, --help           this help

A running host stops accepting a revoked or rotated key within ${KEY_CACHE_TTL_MS / 1000} s (its cache of verified
keys). A key given to \`wopgen serve\` with --api-key or WOPGEN_API_KEYS is registered again at
each start: take it out of those too. A store sealed with WOPGEN_MCP_STATE_KEK needs it here as well.`;

const ACTIONS = ['list', 'mint', 'rotate', 'revoke'] as const;
type Action = (typeof ACTIONS)[number];

const OPTIONS = {
  store: { type: 'string' },
  tenant: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface KeysIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

const DEFAULT_IO: KeysIo = {
  env: process.env,
  cwd: process.cwd(),
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
};

interface Request {
  action: Action;
  store: string;
  tenant?: string;
  id?: string;
  format: 'text' | 'json';
}

/** The outcome printed with --format json: every field of a text run, and its exit code. */
interface KeysOutcome {
  command: 'keys';
  action: Action | null;
  status: 'ok' | 'usage-error' | 'refused';
  exitCode: 0 | 1 | 2;
  store?: string;
  keys?: KeyInfo[];
  /** mint and rotate: the new key, the only time it is shown. */
  key?: string;
  minted?: KeyInfo;
  replaced?: KeyInfo;
  revoked?: KeyInfo;
  message?: string;
}

export async function keys(argv: string[], io: Partial<KeysIo> = {}): Promise<number> {
  const { env, cwd, out, err } = { ...DEFAULT_IO, ...io };
  const json = argv.some(
    (a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'),
  );
  let request: Request | 'help';
  try {
    request = parse(argv, env, cwd);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const o: KeysOutcome = {
      command: 'keys',
      action: null,
      status: 'usage-error',
      exitCode: 2,
      message: e.message,
    };
    if (json) out(`${JSON.stringify(o)}\n`);
    else err(usageText('keys', e.message));
    return 2;
  }
  if (request === 'help') {
    out(`${KEYS_HELP}\n`);
    return 0;
  }
  const shown = redactStoreUrl(request.store);
  let o: KeysOutcome;
  try {
    o = {
      command: 'keys',
      action: request.action,
      status: 'ok',
      exitCode: 0,
      store: shown,
      ...(await perform(request, env)),
    };
  } catch (e) {
    if (!(e instanceof KeyRefusal) && !(e instanceof StoreUnavailable)) throw e;
    o = {
      command: 'keys',
      action: request.action,
      status: 'refused',
      exitCode: 1,
      store: shown,
      message: e.message,
    };
  }
  if (request.format === 'json') out(`${JSON.stringify(o)}\n`);
  else printText(o, out, err);
  return o.exitCode;
}

function parse(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Request | 'help' {
  const { values, positionals } = parseFlags(argv, OPTIONS, true);
  if (values.help) return 'help';
  const [first, ...ids] = positionals;
  if (first === undefined) throw new UsageError(`missing keys command (${ACTIONS.join(', ')})`);
  if (!(ACTIONS as readonly string[]).includes(first))
    throw new UsageError(
      `unknown keys command "${first}"${didYouMean(first, ACTIONS)} (${ACTIONS.join(', ')})`,
    );
  const action = first as Action;
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json, not "${format}"`);
  const tenant = values.tenant;
  if (tenant !== undefined && !isRunTenant(tenant))
    throw new UsageError(`--tenant "${tenant}" is not a tenant name`);
  if (action === 'mint' && tenant === undefined) throw new UsageError('mint needs --tenant T');
  const wantsId = action === 'rotate' || action === 'revoke';
  if (wantsId && ids.length !== 1)
    throw new UsageError(`${action} takes one key id (from wopgen keys list), got ${ids.length}`);
  if (!wantsId && ids.length > 0) throw new UsageError(`unexpected argument "${ids[0]}"`);
  const store = storeSetting(values.store, env, readServeFile(cwd));
  return {
    action,
    store,
    format,
    ...(tenant !== undefined && { tenant }),
    ...(wantsId && { id: ids[0]! }),
  };
}

class StoreUnavailable extends Error {}

async function perform(r: Request, env: NodeJS.ProcessEnv): Promise<Partial<KeysOutcome>> {
  let stores;
  try {
    stores = await openKeyStores(r.store, {
      ...(env['WOPGEN_MCP_STATE_KEK'] && { kek: env['WOPGEN_MCP_STATE_KEK'] }),
      // Only minting may create a store: anything else on a missing file is a mistyped path.
      mustExist: r.action !== 'mint',
    });
  } catch (e) {
    throw new StoreUnavailable(
      `cannot open the store ${redactStoreUrl(r.store)}: ${(e as Error).message}`,
    );
  }
  try {
    const admin = await KeyAdmin.open(stores);
    switch (r.action) {
      case 'list':
        return { keys: await admin.list(r.tenant) };
      case 'mint':
        return issued(await admin.mint(r.tenant!));
      case 'rotate': {
        const rotated = await admin.rotate(r.id!, r.tenant);
        return { ...issued(rotated), replaced: rotated.replaced };
      }
      case 'revoke':
        return { revoked: await admin.revoke(r.id!, r.tenant) };
    }
  } finally {
    await stores.close();
  }
}

const issued = (k: IssuedKey): Partial<KeysOutcome> => ({ key: k.key, minted: k.info });

function printText(o: KeysOutcome, out: (t: string) => void, err: (t: string) => void): void {
  const grace = `a running host refuses it within ${KEY_CACHE_TTL_MS / 1000} s`;
  if (o.status === 'refused') return err(`wopgen keys: ${o.message}\n`);
  if (o.keys) {
    if (o.keys.length === 0) return out(`no API keys in ${o.store}\n`);
    const rows = [
      ['ID', 'TENANT', 'SUBJECT', 'CREATED'],
      ...o.keys.map((k) => [k.id, k.tenant, k.subjectId, k.createdAt]),
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    return out(
      rows
        .map((r) =>
          r
            .map((c, i) => c.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        )
        .join('\n') + '\n',
    );
  }
  if (o.revoked)
    return out(
      `wopgen keys: revoked API key ${o.revoked.id} of tenant "${o.revoked.tenant}"; ${grace}\n`,
    );
  // The key alone on stdout (KEY=$(wopgen keys mint …)); what it is on stderr.
  out(`${o.key}\n`);
  const m = o.minted!;
  if (o.replaced)
    err(
      `wopgen keys: API key ${m.id} replaces ${o.replaced.id} of tenant "${m.tenant}" (subject ${m.subjectId}: its runs stay its own); ${o.replaced.id}: ${grace}. The new key is shown once, stored hashed.\n`,
    );
  else
    err(
      `wopgen keys: minted API key ${m.id} for tenant "${m.tenant}" in ${o.store}; it is shown once, stored hashed.\n`,
    );
}
