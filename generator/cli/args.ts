// The command line as data: which command, which options (flags first, then wopgen.config.json).
// Every usage error says what was wrong; main.ts turns it into exit code 2.
import { parseArgs } from 'node:util';
import { ConfigError, type WopgenConfig } from './config.ts';
import { didYouMeanName } from '../diagnostics/suggest.ts';
import { COMMAND_HELP, COMMANDS, OVERVIEW, type CommandName } from './usage.ts';

export interface RunOptions {
  command: CommandName;
  spec: string;
  out: string;
  format: 'text' | 'json';
  verbose: boolean;
  summary: boolean;
  force: boolean;
  watch: boolean;
}

export type Invocation =
  { kind: 'help'; text: string } | { kind: 'version' } | { kind: 'run'; options: RunOptions };

export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: CommandName,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The commands this module parses; main.ts hands init and report to their own, bin/ serve and keys. */
const PARSED: readonly CommandName[] = ['generate', 'check'];
const COMMAND_LIST = `commands: ${COMMANDS.join(', ')}`;

const OPTIONS = {
  spec: { type: 'string' },
  out: { type: 'string' },
  format: { type: 'string' },
  verbose: { type: 'boolean' },
  summary: { type: 'boolean' },
  force: { type: 'boolean' },
  watch: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** True when the arguments ask for JSON output, read leniently so usage errors honour it too. */
export function wantsJson(argv: string[]): boolean {
  return argv.some((a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

export function parseInvocation(
  argv: string[],
  loadConfig: () => WopgenConfig | undefined,
): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError(`missing command (${COMMAND_LIST})`);
  if (first === '-v' || first === '--version') return { kind: 'version' };
  if (first === '-h' || first === '--help') return { kind: 'help', text: OVERVIEW };
  if (first === 'help') return help(rest[0]);
  if (!PARSED.includes(first as CommandName)) {
    throw new UsageError(
      first.startsWith('-')
        ? `unknown option ${first} before the command`
        : `unknown command "${first}"${didYouMeanName(first, COMMANDS)} (${COMMAND_LIST})`,
    );
  }
  const command = first as CommandName;
  const values = parseOptions(command, rest);
  if (values.help) return { kind: 'help', text: COMMAND_HELP[command] };
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json, not "${format}"`, command);
  if (values.watch && command !== 'generate')
    throw new UsageError('check has no --watch (generate --watch regenerates on change)', command);
  // Read even when both flags are given: a broken config file is reported, never ignored.
  const config = configOf(loadConfig, command);
  const spec = values.spec ?? config?.spec;
  const out = values.out ?? config?.out;
  for (const [name, value] of [
    ['spec', spec],
    ['out', out],
  ] as const) {
    if (!value)
      throw new UsageError(`missing --${name} DIR (or "${name}" in wopgen.config.json)`, command);
  }
  return {
    kind: 'run',
    options: {
      command,
      spec: spec!,
      out: out!,
      format,
      verbose: values.verbose ?? false,
      summary: values.summary ?? false,
      force: values.force ?? false,
      watch: values.watch ?? false,
    },
  };
}

function help(topic: string | undefined): Invocation {
  if (topic === undefined) return { kind: 'help', text: OVERVIEW };
  if (PARSED.includes(topic as CommandName))
    return { kind: 'help', text: COMMAND_HELP[topic as CommandName] };
  throw new UsageError(
    `no help for "${topic}"${didYouMeanName(topic, COMMANDS)} (${COMMAND_LIST})`,
  );
}

function parseOptions(command: CommandName, args: string[]) {
  try {
    const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument "${positionals[0]}"`, command);
    return values;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(describeParseError(err, Object.keys(OPTIONS)), command);
  }
}

/**
 * node:util parseArgs messages, shortened to what was wrong; an unknown option names the nearest of
 * `names` (the command's long options). runtime/serve/usage.ts words serve's and keys' alike.
 */
export function describeParseError(err: unknown, names: readonly string[]): string {
  const e = err as { code?: string; message?: string };
  const option = /'(-[^' ]+)/.exec(e.message ?? '')?.[1] ?? '';
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `unknown option ${option}${didYouMeanName(
      option,
      names.map((n) => `--${n}`),
    )}`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return /argument missing/.test(e.message ?? '')
      ? `${option} needs a value`
      : `${option} takes no value`;
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument "${/'([^']+)'/.exec(e.message ?? '')?.[1]}"`;
  return e.message ?? String(err);
}

function configOf(load: () => WopgenConfig | undefined, command: CommandName) {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) throw new UsageError(err.message, command);
    throw err;
  }
}
