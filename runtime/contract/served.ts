// The contract a host serves (DESIGN.md §3): one generated package's `contract` value, from which
// every binding takes its tables, dispatchers, error registries, projections, negotiation tables
// and validators. Bindings read it as `ctx.contract`, typed as wopgen's own generated contract:
// a host implementer's package is accepted only after contract/verify.ts has checked, at
// start-up, everything that typing assumes (its format, every member the runtime reads, the run
// statuses of the core, and the wire shapes of every method a built-in handler serves).
import type { Contract } from '@wopgen/generated/contract';

/** A contract as the bindings read it. */
export type ServedContract = Contract;

/**
 * What `createHost` accepts as a contract: any wopgen-generated package's `contract` value. Kept
 * structural and loose on purpose (a package generated from another spec has other unions); what
 * the runtime needs is verified at start-up, member by member (contract/verify.ts).
 */
export interface HostContract {
  readonly format: string;
  readonly inputDigest: string;
  readonly spec: { readonly title: string; readonly version: string };
  readonly a2a: {
    readonly operations: readonly {
      readonly key: string;
      readonly method: string;
      readonly case: string;
      readonly caseStatuses: readonly string[] | null;
      readonly streaming: boolean;
      readonly source: string;
    }[];
    readonly wireShapes: Readonly<Record<string, string>>;
  };
  readonly mcp: {
    readonly methods: Readonly<
      Record<string, { readonly key: string; readonly method: string; readonly source: string }>
    >;
    readonly wireShapes: Readonly<Record<string, string>>;
  };
  readonly rest: {
    readonly operations: readonly {
      readonly operationId: string;
      readonly method: string;
      readonly path: string;
      readonly shape: string;
      readonly source: string;
    }[];
  };
  /** Type-level only (the generated `ContractTypes`): what handler types are computed from. */
  readonly types?: {
    readonly a2a: { readonly operations: object };
    readonly mcp: { readonly methods: object };
    readonly rest: { readonly operations: object };
  };
}
