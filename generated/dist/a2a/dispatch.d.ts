import type { RunStatus } from '../run-status.js';
import type { A2aErrorName } from './errors.js';
import type { A2aHandlers, A2aIo, A2aMethod } from './operations.js';
/** Every case the dispatcher selects: `<method>.<case>` for a multi-case method, else the member. */
export type A2aCase = 'sendMessage.start' | 'sendMessage.resume' | 'sendMessage.refuseActive' | 'sendMessage.refuseTerminal' | 'sendStreamingMessage.start' | 'sendStreamingMessage.resume' | 'sendStreamingMessage.refuseActive' | 'sendStreamingMessage.refuseTerminal' | 'getTask' | 'listTasks' | 'cancelTask' | 'subscribeToTask' | 'createTaskPushNotificationConfig' | 'getTaskPushNotificationConfig' | 'listTaskPushNotificationConfigs' | 'deleteTaskPushNotificationConfig' | 'getExtendedAgentCard';
/** Methods whose rows are cases, selected by whether a task is named and its run status. */
export type A2aCaseMethod = 'SendMessage' | 'SendStreamingMessage';
export declare const a2aCaseMethods: readonly A2aCaseMethod[];
/** What case selection answers per method: one of its cases, or null where the map has a gap. */
export interface A2aSelection {
    SendMessage: 'sendMessage.start' | 'sendMessage.resume' | 'sendMessage.refuseActive' | 'sendMessage.refuseTerminal';
    SendStreamingMessage: 'sendStreamingMessage.start' | 'sendStreamingMessage.resume' | 'sendStreamingMessage.refuseActive' | 'sendStreamingMessage.refuseTerminal';
}
/** The case serving a request that names no task, and one naming a task in each run status. */
export declare const a2aCaseSelection: {
    readonly [M in A2aCaseMethod]: {
        noTask: A2aSelection[M];
        byStatus: {
            readonly [S in RunStatus]: A2aSelection[M];
        };
    };
};
/** The case of `method` serving a request naming no task (null) or a task in `status`. */
export declare function selectA2aCase<M extends A2aCaseMethod>(method: M, status: RunStatus | null): A2aSelection[M];
export interface A2aRefusal {
    error: A2aErrorName;
    message: string;
}
/** Requirements whose absence has its own error; every other one is UnsupportedOperationError. */
export declare const a2aRequirementRefusals: {
    readonly [requirement: string]: A2aRefusal;
};
/** The refusal of `method` when `requirement` (a row's `requires` entry) is not advertised. */
export declare function a2aRefusalFor(method: string, requirement: string): A2aRefusal;
/** What the dispatcher asks of the host: everything protocol-neutral it cannot decide itself. */
export interface A2aDispatchHooks<Ctx, Io extends A2aIo> {
    /** Checked params of each method; throws the host's invalid-params refusal. */
    params: {
        readonly [M in A2aMethod]: (raw: unknown, ctx: Ctx) => Io[M]['params'];
    };
    /** Run status of the task a request names, null when it names none; throws when unreadable. */
    taskStatus: {
        readonly [M in A2aCaseMethod]: (params: Io[M]['params'], ctx: Ctx) => Promise<RunStatus | null>;
    };
    /** Whether the host advertises a `requires` entry (`a2a.<facet property>`). */
    advertises(requirement: string): boolean;
    /** The error the host throws for a refusal decided here. */
    refuse(refusal: A2aRefusal): Error;
}
/** A unary answer, or the stream of a streaming method. */
export type A2aAnswer<Io extends A2aIo, M extends A2aMethod> = {
    streaming: false;
    result: Io[M]['result'];
} | {
    streaming: true;
    events: AsyncIterable<Io[M]['event']>;
};
export type A2aDispatch<Ctx, Io extends A2aIo> = <M extends A2aMethod>(method: M, raw: unknown, ctx: Ctx) => Promise<A2aAnswer<Io, M>>;
/**
 * Per method: the `requires` every row shares (before params), the params, the case, the case's
 * own `requires`, then its member. Exhaustive by construction: a new case is a new member.
 */
export declare function createA2aDispatch<Ctx, Io extends A2aIo>(handlers: A2aHandlers<Ctx, Io>, hooks: A2aDispatchHooks<Ctx, Io>): A2aDispatch<Ctx, Io>;
