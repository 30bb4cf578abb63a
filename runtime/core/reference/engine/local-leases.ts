// RunLeases of a single process (the SQLite host): operations on one run are chained in memory, and
// every live run is this process's to resume at start (there is no other host to take one over).
import type { RunStatus } from '@wopgen/generated/run-status';
import type { RunLeases } from '../../../ports/run-leases.ts';
import type { RunStore } from '../../../ports/store/run-store.ts';
import { KeyedChain } from '../../../util/keyed-chain.ts';

export class LocalRunLeases implements RunLeases {
  private readonly chain = new KeyedChain();
  readonly sweepEveryMs = undefined;

  constructor(private readonly runs: Pick<RunStore, 'listRunsByStatus'>) {}

  exclusive<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    return this.chain.run(runId, fn);
  }

  async claimOrphans(statuses: readonly string[], limit: number): Promise<string[]> {
    const runs = await this.runs.listRunsByStatus(statuses as readonly RunStatus[]);
    return runs.slice(0, limit).map((r) => r.runId);
  }

  async close(): Promise<void> {}
}
