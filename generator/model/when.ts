// The `when` phrases of A2A operation rows, read by a small grammar (never pattern-guessed), and
// the short case names decided from what a phrase selects. A phrase outside the
// grammar is a `when-unknown` diagnostic at the row's `when`.
//
//   when      := ''  |  'no taskId'  |  'as' Method  |  'taskId,' 'run' statuses
//   statuses  := status ('|' status)*  |  class
//   class     := 'suspended' | 'terminal' | 'terminal and retained' | 'not suspended and not terminal'
import { didYouMean } from '../diagnostics/suggest.ts';

/** Run-status classes the profile's phrases name, from the task-state table's stored states. */
export type StatusClass = 'suspended' | 'active' | 'terminal';

export type WhenSelector =
  /** The row's method has one case. */
  | { kind: 'always' }
  /** A message that names no task. */
  | { kind: 'noTask' }
  /** A request naming a task whose run status is one of `statuses` (or every status of `class`). */
  | { kind: 'task'; statuses: string[]; class: StatusClass | null }
  /** The cases of another method, served by this one (`as SendMessage`). */
  | { kind: 'sameAs'; method: string };

export type WhenReading = { ok: true; selector: WhenSelector } | { ok: false; problem: string };

const CLASS_PHRASES: Record<string, StatusClass> = {
  suspended: 'suspended',
  terminal: 'terminal',
  'terminal and retained': 'terminal',
  'not suspended and not terminal': 'active',
};

/** Reads one `when` phrase; `classes` gives the run statuses of each class. */
export function readWhen(
  when: string,
  runStatuses: readonly string[],
  classes: Record<StatusClass, readonly string[]>,
): WhenReading {
  const tokens = when.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return { ok: true, selector: { kind: 'always' } };
  if (tokens.length === 2 && tokens[0] === 'no' && tokens[1] === 'taskId')
    return { ok: true, selector: { kind: 'noTask' } };
  if (tokens.length === 2 && tokens[0] === 'as')
    return { ok: true, selector: { kind: 'sameAs', method: tokens[1]! } };
  if (tokens[0] !== 'taskId,' || tokens[1] !== 'run')
    return { ok: false, problem: `"${when}" is not a \`when\` phrase wopgen knows` };
  const rest = tokens.slice(2).join(' ');
  const cls = CLASS_PHRASES[rest];
  if (cls) return { ok: true, selector: { kind: 'task', statuses: [...classes[cls]], class: cls } };
  const statuses = rest.split('|').map((s) => s.trim());
  const unknown = statuses.find((s) => !runStatuses.includes(s));
  if (unknown !== undefined)
    return {
      ok: false,
      problem: `"${unknown}" in "${when}" is neither a run status nor a status class wopgen knows${didYouMean(unknown, runStatuses)}`,
    };
  return { ok: true, selector: { kind: 'task', statuses, class: null } };
}

/**
 * The case name of a selector, stable across map edits that add other cases: the four cases of the
 * profile (a new task, a suspended one, an active one, a terminal one) have fixed names; a case
 * selecting other statuses is named after them (`paused`, `waitingApprovalOrWaitingInput`).
 */
export function caseName(
  selector: WhenSelector,
  classes: Record<StatusClass, readonly string[]>,
): string | null {
  if (selector.kind === 'noTask') return 'start';
  if (selector.kind !== 'task') return null;
  const cls =
    selector.class ??
    (Object.keys(classes) as StatusClass[]).find((c) => sameSet(classes[c], selector.statuses));
  if (cls) return CLASS_NAMES[cls];
  return selector.statuses.map((s, i) => (i === 0 ? camel(s) : 'Or' + pascalOf(s))).join('');
}

const CLASS_NAMES: Record<StatusClass, string> = {
  suspended: 'resume',
  active: 'refuseActive',
  terminal: 'refuseTerminal',
};

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function pascalOf(status: string): string {
  return status
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function camel(status: string): string {
  const p = pascalOf(status);
  return p[0]!.toLowerCase() + p.slice(1);
}
