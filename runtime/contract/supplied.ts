// Handlers a host implementer hands `createHost` for members the contract adds (or to override a
// built-in one), as the bindings hold them: by member name, per protocol. Their types are
// computed from the contract where they are written (host/contract-handlers.ts); a binding calls
// them through the contract's generated dispatcher like its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one untyped seam: members are typed where they are written, and every key is checked against the contract at start-up
export type SuppliedMember = (...args: any[]) => unknown;

export interface SuppliedHandlers {
  a2a: Readonly<Record<string, SuppliedMember>>;
  mcp: Readonly<Record<string, SuppliedMember>>;
  rest: Readonly<Record<string, SuppliedMember>>;
}

export const NO_HANDLERS: SuppliedHandlers = { a2a: {}, mcp: {}, rest: {} };

/** The member names supplied per protocol (contract/verify.ts). */
export function suppliedKeys(h: SuppliedHandlers) {
  return {
    a2a: new Set(Object.keys(h.a2a)),
    mcp: new Set(Object.keys(h.mcp)),
    rest: new Set(Object.keys(h.rest)),
  };
}
