// How many runs a RunCore hands out while `f` runs: listed (alone or with their views) or read one
// by one. A test shows with it that a request read its page, not the tenant's runs.
import type { RunCore } from '../../runtime/ports/run-core.ts';

export async function runsReadBy(core: RunCore, f: () => Promise<unknown>): Promise<number> {
  const { runView, getRun, listRuns, listRunViews } = core;
  let reads = 0;
  core.runView = async (...args) => {
    reads += 1;
    return runView!.apply(core, args);
  };
  core.getRun = async (...args) => {
    reads += 1;
    return getRun.apply(core, args);
  };
  core.listRuns = async (...args) => {
    const page = await listRuns.apply(core, args);
    reads += page.runs.length;
    return page;
  };
  core.listRunViews = async (...args) => {
    const page = await listRunViews!.apply(core, args);
    reads += page.views.length;
    return page;
  };
  try {
    await f();
  } finally {
    Object.assign(core, { runView, getRun, listRuns, listRunViews });
  }
  return reads;
}
