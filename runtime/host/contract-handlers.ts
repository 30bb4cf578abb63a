// The handlers a host implementer hands `createHost` with the contract they generated (DESIGN.md
// §3, STYLE.md smithy: the application registers exactly the handlers its model adds). Their type
// is computed from the contract's type-level facts (`ContractTypes`): every member of a row, method
// or operation this runtime has no built-in handler for is required, and so is every member whose
// signature differs from the one the built-in handler serves; every other member may be given to
// override the built-in one. A missing member is a compile error naming it; the same rule is
// checked again at start-up (contract/verify.ts), for a contract that bypassed the type checker.
import type { Contract as WopgenContract } from '@wopgen/generated/contract';
import type { A2aRequestContext } from '../bindings/a2a/request-context.ts';
import type { TaskView } from '../bindings/a2a/task-projection.ts';
import type { McpCallContext } from '../bindings/mcp/handlers.ts';
import type { RestCallContext } from '../bindings/rest/call-context.ts';
import type { HostContract } from '../contract/served.ts';

/** The type-level facts of a contract (its generated `ContractTypes`). */
type TypesOf<C> = C extends { readonly types?: infer T } ? NonNullable<T> : never;

type A2aOps<C> = TypesOf<C> extends { a2a: { operations: infer O } } ? O : never;
type McpMethods<C> = TypesOf<C> extends { mcp: { methods: infer O } } ? O : never;
type RestOps<C> = TypesOf<C> extends { rest: { operations: infer O } } ? O : never;

/**
 * An A2A handler member: it gets the checked params and the call context, and a case selected by
 * the named task's status also gets that task; a streaming row yields stream events.
 */
export type A2aMember<T> = T extends { params: infer P; answer: infer A }
  ? T extends { streaming: true }
    ? T extends { target: true }
      ? (params: P, ctx: A2aRequestContext, target: TaskView) => AsyncIterable<A>
      : (params: P, ctx: A2aRequestContext) => AsyncIterable<A>
    : T extends { target: true }
      ? (params: P, ctx: A2aRequestContext, target: TaskView) => Promise<A>
      : (params: P, ctx: A2aRequestContext) => Promise<A>
  : never;

/** An MCP handler member: the checked params and the call context, the method's result. */
export type McpMember<T> = T extends { params: infer P; answer: infer A }
  ? (params: P, ctx: McpCallContext) => Promise<A>
  : never;

/** A REST handler member: the checked request (parameters, body) and its answer. */
export type RestMember<T> = T extends { request: infer R; answer: infer A }
  ? (request: R, ctx: RestCallContext) => Promise<A>
  : never;

export type A2aHandlersOf<C> = { [K in keyof A2aOps<C>]: A2aMember<A2aOps<C>[K]> };
export type McpHandlersOf<C> = { [K in keyof McpMethods<C>]: McpMember<McpMethods<C>[K]> };
export type RestHandlersOf<C> = { [K in keyof RestOps<C>]: RestMember<RestOps<C>[K]> };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Members of `Fns` the built-ins `Own` cannot serve: absent there, or typed differently. */
type Needed<Fns, Own> = {
  [K in keyof Fns]: K extends keyof Own ? (Same<Fns[K], Own[K]> extends true ? never : K) : K;
}[keyof Fns];

/** One object type of the members of `T` (an intersection), each with its own optionality. */
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * The needed members, required; the others, optional overrides of the built-in ones. One object
 * type, so a missing member is tsc's plain "Property 'x' is missing" (TS2741) naming it.
 */
type Section<Fns, Own> = Flat<
  Pick<Fns, Needed<Fns, Own>> & Partial<Pick<Fns, Exclude<keyof Fns, Needed<Fns, Own>>>>
>;

/** Whether an object type requires nothing (every member optional). */
type NothingRequired<S> = Record<never, never> extends S ? true : false;

/** `{name: S}`, optional when S requires nothing. */
type Part<N extends string, S> =
  NothingRequired<S> extends true ? { [K in N]?: S } : { [K in N]: S };

/**
 * The handlers `createHost({ contract, handlers })` takes for contract `C`: per protocol, the
 * members it must write (required) and the built-in ones it may override (optional).
 */
export type ContractHandlers<C extends HostContract> = Part<
  'a2a',
  Section<A2aHandlersOf<C>, A2aHandlersOf<WopgenContract>>
> &
  Part<'mcp', Section<McpHandlersOf<C>, McpHandlersOf<WopgenContract>>> &
  Part<'rest', Section<RestHandlersOf<C>, RestHandlersOf<WopgenContract>>>;

/** `handlers`, required exactly when the contract has members this runtime cannot serve. */
export type HandlersOption<C extends HostContract> =
  NothingRequired<ContractHandlers<C>> extends true
    ? { handlers?: ContractHandlers<C> }
    : { handlers: ContractHandlers<C> };
