// `wopgen init <dir> [--wopgen SPEC]`: scaffolds a host project (generator/init/scaffold.ts).
// Exit codes as for the other commands: 0 written, 1 refused (a file, or a folder that is not
// empty), 2 usage, 4 an I/O error.
import { parseArgs } from 'node:util';
import { checkTarget, initContext, InitRefusal, scaffold } from '../init/scaffold.ts';
import { describeParseError } from './args.ts';
import { usageText } from './usage.ts';
import { runsFromCheckout } from '../templates/root.ts';
import { GENERATOR_VERSION } from '../version.ts';

export const INIT_HELP = `usage: wopgen init <dir> [--wopgen SPEC]

Scaffolds an OpenWOP host project into <dir> (absent or empty): package.json depending on
wopgen, wopgen.config.json, the bundled spec with a \`generate\` script, src/core.ts (a RunCore
delegating to the reference engine: where your own engine goes), src/host.ts, src/server.ts,
tests driving it with the official A2A and MCP clients, and a README.

  --wopgen SPEC   the wopgen dependency of the project: a version range (default ^<this version>)
                  or file:PATH of a packed tarball (PATH read from the current folder)
  -h, --help      this help`;

const OPTIONS = {
  wopgen: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function initCommand(argv: readonly string[]): Promise<number> {
  let values: { wopgen?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: true,
    }));
  } catch (err) {
    process.stderr.write(usageText('init', describeParseError(err, Object.keys(OPTIONS))));
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${INIT_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) {
    process.stderr.write(usageText('init', `expected one folder, got ${positionals.length}`));
    return 2;
  }
  const dir = positionals[0]!;
  try {
    checkTarget(dir);
    const files = scaffold(dir, initContext(dir, values.wopgen));
    process.stdout.write(
      `wopgen init: ${dir}: ${files.length} entries written\n  cd ${dir} && npm install && npm run generate && npm test\n`,
    );
    // A checkout's version is not one a registry necessarily holds: say how to depend on it.
    if (values.wopgen === undefined && runsFromCheckout())
      process.stdout.write(
        `  (this wopgen runs from a checkout: the project depends on wopgen ^${GENERATOR_VERSION} from the npm registry; to depend on this checkout instead, run npm pack in it and init with --wopgen file:PATH/wopgen-${GENERATOR_VERSION}.tgz)\n`,
      );
    return 0;
  } catch (err) {
    if (err instanceof InitRefusal) {
      process.stderr.write(`wopgen init: refused: ${err.message}\n`);
      return 1;
    }
    const e = err as NodeJS.ErrnoException;
    if (typeof e.code === 'string') {
      process.stderr.write(`wopgen: cannot write ${e.path ?? dir}: ${e.message} (${e.code})\n`);
      return 4;
    }
    throw err;
  }
}
