// Vitest global setup: after the run, one line per requirement the machine lacked, saying which
// tests were skipped and how to run them (test/helpers/requires.ts holds the words).
import { REQUIREMENTS, skipReason, type Requirement } from './requires.ts';

export function skipSummary(requirements: readonly Requirement[] = REQUIREMENTS): string {
  return requirements
    .filter((r) => !r.available)
    .map((r) => `tests needing ${r.what} were ${skipReason(r)}\n`)
    .join('');
}

export default function setup(): () => void {
  return () => {
    const text = skipSummary();
    if (text) process.stdout.write(`\n${text}`);
  };
}
