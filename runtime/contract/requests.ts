// The served contract's request validators as the generated dispatchers take them (their `params`
// hook): per method, the checked params, or the refusal the binding makes of the field the
// validator names (A2A InvalidParamsError, MCP -32602). The checks themselves are generated
// (validators/requests.ts); nothing here knows a method.
import type { RequestCheck, RequestRefusal } from '@wopgen/generated/validators/request-check';

type CheckedOf<C> = C extends RequestCheck<infer T> ? T : never;

/** `requests` as param hooks: each returns its method's checked params or throws `refuse`'s error. */
export function paramsHooks<R extends Readonly<Record<string, RequestCheck<unknown>>>>(
  requests: R,
  refuse: (refusal: RequestRefusal) => Error,
): { readonly [K in keyof R]: (raw: unknown) => CheckedOf<R[K]> } {
  const hooks: Record<string, (raw: unknown) => unknown> = {};
  for (const [method, check] of Object.entries(requests)) {
    hooks[method] = (raw) => {
      // JSON-RPC leaves `params` out of a request without any: the same as `{}`.
      const r = check(raw === undefined ? {} : raw);
      if (!r.ok) throw refuse(r.refusal);
      return r.value;
    };
  }
  // Built from `requests` key by key above: each hook returns what its check accepted.
  return hooks as { readonly [K in keyof R]: (raw: unknown) => CheckedOf<R[K]> };
}
