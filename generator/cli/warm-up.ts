// After `generate --watch`'s first run, while it waits for an edit: loads what a regeneration
// after an edit needs and the first run may not have loaded, because it found the output up to
// date or took every formatted file from the artifact cache: the pipeline and its emitters, the
// inputs as loaded and bundled (load/source-memo.ts) and prettier with its TypeScript plugin.
// Without it the first edit after starting took up to
// a second where the next ones took a fifth of that. Nothing is written or reported; a failure
// here only leaves the first edit as slow as before.
import type { RunOptions } from './args.ts';
import { generateForWarmUp } from './run.ts';
import type { WatchSession } from './session.ts';

export async function warmUp(
  o: RunOptions,
  session: WatchSession,
  generated: boolean,
): Promise<void> {
  try {
    if (!generated) await generateForWarmUp(o, session);
    const { prettierFormat } = await import('../emit/support/format.ts');
    await prettierFormat('export const warm: number = 1;\n', 'typescript');
  } catch {
    // Only a head start.
  }
}
