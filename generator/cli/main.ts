// The command line's flow (DESIGN.md §1): parse, then run once or watch, then report. Exit codes:
// 0 ok, 1 spec errors, drift or a refused --out, 2 usage, 3 a wopgen bug, 4 an I/O error.
import { GeneratorBug } from '../diagnostics/diagnostic.ts';
import { displayPath } from '../write/problem.ts';
import { GENERATOR_VERSION } from '../version.ts';
import { parseInvocation, UsageError, wantsJson, type RunOptions } from './args.ts';
import { readConfig } from './config.ts';
import { outcome, type Outcome } from './outcome.ts';
import { report } from './report.ts';
import { runOnce } from './run.ts';
import { watchAndGenerate } from './watch.ts';
import { closeSession, watchSession, type WatchSession } from './session.ts';
import { warmUp } from './warm-up.ts';
import { trace } from '../trace.ts';

export async function main(argv: string[]): Promise<number> {
  // `init` writes a project, not a package: its own small command (cli/init.ts), loaded on demand.
  if (argv[0] === 'init') return (await import('./init.ts')).initCommand(argv.slice(1));
  if (argv[0] === 'help' && argv[1] === 'init')
    return (await import('./init.ts')).initCommand(['--help']);
  // `report` writes the interop report (cli/interop-report.ts), likewise loaded on demand.
  if (argv[0] === 'report')
    return (await import('./interop-report.ts')).reportCommand(argv.slice(1));
  if (argv[0] === 'help' && argv[1] === 'report')
    return (await import('./interop-report.ts')).reportCommand(['--help']);
  const format = wantsJson(argv) ? 'json' : 'text';
  let invocation;
  try {
    invocation = parseInvocation(argv, () => readConfig());
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const o = outcome('usage-error', { command: err.command ?? null, message: err.message });
    report(o, { format, verbose: false, summary: false });
    return o.exitCode;
  }
  if (invocation.kind === 'help') {
    process.stdout.write(invocation.text + '\n');
    return 0;
  }
  if (invocation.kind === 'version') {
    process.stdout.write(`wopgen ${GENERATOR_VERSION}\n`);
    return 0;
  }
  const options = invocation.options;
  const print = (o: Outcome) => {
    report(o, options);
    trace('reported');
  };
  if (!options.watch) {
    const o = await guarded(options);
    print(o);
    return o.exitCode;
  }
  // The worker threads (and the libraries they loaded) serve every regeneration of the watch.
  const session = watchSession();
  try {
    return await watchAndGenerate(
      options,
      (o) => guarded(o, session),
      print,
      (dirs, first) => {
        if (options.format === 'text')
          process.stderr.write(
            `wopgen: watching ${dirs.map((d) => displayPath(d)).join(', ')} for changes (Ctrl-C ends)\n`,
          );
        void warmUp(options, session, first.status === 'generated');
      },
    );
  } finally {
    await closeSession(session);
  }
}

/** A run whose unexpected failure is reported as a wopgen bug (exit 3), never a stack trace. */
export async function guarded(options: RunOptions, session?: WatchSession): Promise<Outcome> {
  try {
    return await runOnce(options, session);
  } catch (err) {
    const bug = err instanceof GeneratorBug ? err : new GeneratorBug('cli', err);
    const stack = options.verbose && bug.cause instanceof Error ? `\n${bug.cause.stack}` : '';
    return outcome('internal-error', {
      command: options.command,
      spec: options.spec,
      out: options.out,
      message: bug.message + stack,
    });
  }
}
