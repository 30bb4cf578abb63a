// The only templating the reference engine does: `{{inputs.a.b}}` / `{{vars.node.x}}` path lookup
// (and `{{message.text}}` in a conversation's reply).
// A string that is exactly one placeholder keeps the value's type; otherwise values are stringified.
import type { JsonObject } from '../../../ports/json.ts';

const PLACEHOLDER = /\{\{\s*((?:inputs|vars|message)(?:\.[A-Za-z0-9_$:-]+)+)\s*\}\}/g;
const WHOLE = /^\{\{\s*((?:inputs|vars|message)(?:\.[A-Za-z0-9_$:-]+)+)\s*\}\}$/;

export interface TemplateScope {
  inputs: JsonObject;
  vars: JsonObject;
  /** The message a conversation node answers. */
  message?: JsonObject;
}

function lookup(scope: TemplateScope, path: string): unknown {
  let cur: unknown = scope;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function render(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(scope, whole[1]!);
    return value.replace(PLACEHOLDER, (_m, path: string) => {
      const v = lookup(scope, path);
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => render(v, scope));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = render(v, scope);
      if (r !== undefined) out[k] = r;
    }
    return out;
  }
  return value;
}
