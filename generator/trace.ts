// WOPGEN_TRACE=1: timestamps of a generation's steps on stderr, to find where a regeneration's
// time goes (epoch ms, so a harness can line them up with its own edits). Off by default.
import { performance } from 'node:perf_hooks';

const on = process.env['WOPGEN_TRACE'] === '1';

export function trace(label: string): void {
  if (on)
    process.stderr.write(
      `wopgen trace ${(performance.timeOrigin + performance.now()).toFixed(1)} ${label}\n`,
    );
}
