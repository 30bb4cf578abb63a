// The help texts: one per command, and the overview that names every command; and
// how a usage error is printed, the same for every command (runtime/serve/usage.ts prints serve's
// and keys' alike).
export type CommandName = 'generate' | 'check';

/** Every command, as the overview lists them (serve and keys run the host's runtime). */
export const COMMANDS = ['generate', 'check', 'serve', 'init', 'report', 'keys'] as const;

/** A usage error as printed on stderr: what was wrong, then where the help is. */
export function usageText(command: string | null, message: string, dim = (t: string) => t): string {
  const who = command ? `wopgen ${command}` : 'wopgen';
  return `${who}: ${message}\n${dim(`Run ${who} --help for usage.`)}\n`;
}

const COMMON = `  --spec DIR          the OpenWOP spec: wopgen's layout (openapi.yaml, interop-map.json, facets/,
                      schemas/ beside it) or the upstream repository's (api/v2/, spec/v2/, schemas/v2/)
  --out DIR           the generated package folder
  --format text|json  text on the terminal (default), or one JSON result document on stdout
  --verbose           per-stage timings
  --summary           what the spec holds and what was generated (rows, operations, files)
  -h, --help          this help`;

export const OVERVIEW = `wopgen: a code generator and reference host for OpenWOP v2 (A2A 1.0, MCP 2026-07-28)

usage:
  wopgen generate --spec DIR --out DIR [options]   generate the typed package from a spec
  wopgen check    --spec DIR --out DIR [options]   verify a generated package matches its spec
  wopgen serve    [options]                        run the reference host (wopgen serve --help)
  wopgen init     <dir> [--wopgen SPEC]            scaffold a host project (wopgen init --help)
  wopgen report   --spec DIR --out DIR [--host URL]  the interop report (wopgen report --help)
  wopgen keys     list|mint|rotate|revoke          the API keys of a host's store (wopgen keys --help)

  -v, --version   print the version
  -h, --help      this help; \`wopgen <command> --help\` for a command's options

--spec and --out default to "spec" and "out" of a wopgen.config.json in the working directory.
Exit codes: 0 ok, 1 spec errors, drift or a refused --out, 2 usage, 3 a bug in wopgen, 4 an I/O error.`;

export const COMMAND_HELP: Record<CommandName, string> = {
  generate: `usage: wopgen generate --spec DIR --out DIR [--force] [--watch] [--format text|json] [--verbose] [--summary]

Generates the package into --out. --out must be absent, empty, or a folder wopgen generated
(it holds wopgen's manifest.json): only the files that manifest lists are replaced or removed,
and a folder holding anything else is refused. Nothing is written when the spec has an error.

${COMMON}
  --force             regenerate from scratch, even when nothing changed (no cached step is used)
  --watch             regenerate whenever an input file changes (Ctrl-C ends)`,
  check: `usage: wopgen check --spec DIR --out DIR [--format text|json] [--verbose] [--summary]

Generates in memory and compares with --out byte for byte; lists changed, missing and orphaned
files with a short diff and exits 1 on drift. Writes nothing.

${COMMON}`,
};
