// Which contract `wopgen serve` hosts (DESIGN.md §1, §3): a generated package given with
// `--contract DIR` (or WOPGEN_CONTRACT, or `serve.contract` in wopgen.config.json); else the one
// `wopgen generate` writes for the config file's `out`, when it is there; else wopgen's own
// package, compiled into the runtime. A folder that holds no generated package is the operator's
// mistake: said in one line (exit 1), never a stack trace.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wopgenContract } from '../contract/default.ts';
import type { HostContract } from '../contract/served.ts';

export interface ContractChoice {
  /** The package folder, or undefined for wopgen's own. */
  dir?: string;
  /** Where the choice came from, for the banner. */
  from: 'flag' | 'environment' | 'config' | 'out' | 'bundled';
}

/** The contract folder the settings and the config file's `out` name (relative to `cwd`). */
export function chooseContract(
  given: { value: string; from: 'flag' | 'environment' | 'config' } | undefined,
  out: string | undefined,
  cwd: string,
): ContractChoice {
  if (given) return { dir: resolve(cwd, given.value), from: given.from };
  // What `wopgen generate` wrote for this project's config: it holds its manifest.
  if (out !== undefined && existsSync(join(resolve(cwd, out), 'manifest.json')))
    return { dir: resolve(cwd, out), from: 'out' };
  return { from: 'bundled' };
}

export class ContractPackageError extends Error {}

/** The `contract` value of the package in `dir` (its compiled `dist/contract.js`). */
export async function loadContract(choice: ContractChoice): Promise<HostContract> {
  if (choice.dir === undefined) return wopgenContract;
  const entry = join(choice.dir, 'dist', 'contract.js');
  if (!existsSync(entry))
    throw new ContractPackageError(
      `${choice.dir} holds no generated package with a contract (no dist/contract.js): run \`wopgen generate --out ${choice.dir}\` with this wopgen`,
    );
  let mod: { contract?: unknown };
  try {
    mod = (await import(pathToFileURL(entry).href)) as { contract?: unknown };
  } catch (err) {
    throw new ContractPackageError(
      `cannot load the contract of ${choice.dir}: ${(err as Error).message} (its dependencies, ajv and ajv-formats, must resolve from its folder)`,
    );
  }
  const contract = mod.contract;
  if (typeof contract !== 'object' || contract === null || !('format' in contract))
    throw new ContractPackageError(`${entry} exports no contract value`);
  return contract as HostContract;
}
