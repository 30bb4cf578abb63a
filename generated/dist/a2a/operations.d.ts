import type { RunStatus } from '../run-status.js';
import type { AgentCard, GetExtendedAgentCardParams, GetTaskParams, JsonMap, ListTasksParams, ListTasksResult, PushConfigParams, SendMessageParams, SendMessageResult, StreamResponse, Task, TaskIdParams } from '../types/a2a-wire.js';
/** A2A 1.0.1 JSON-RPC method names served by the map. */
export type A2aMethod = 'CancelTask' | 'CreateTaskPushNotificationConfig' | 'DeleteTaskPushNotificationConfig' | 'GetExtendedAgentCard' | 'GetTask' | 'GetTaskPushNotificationConfig' | 'ListTaskPushNotificationConfigs' | 'ListTasks' | 'SendMessage' | 'SendStreamingMessage' | 'SubscribeToTask';
export declare const a2aMethods: readonly A2aMethod[];
/** Whether `method` is served; anything else is method-not-found (-32601). */
export declare function isA2aMethod(method: string): method is A2aMethod;
/** Handler member names, one per case of a map row (and per name of a combined row). */
export type A2aOperationKey = 'sendMessageStart' | 'sendMessageResume' | 'sendMessageRefuseActive' | 'sendMessageRefuseTerminal' | 'sendStreamingMessageStart' | 'sendStreamingMessageResume' | 'sendStreamingMessageRefuseActive' | 'sendStreamingMessageRefuseTerminal' | 'getTask' | 'listTasks' | 'cancelTask' | 'subscribeToTask' | 'createTaskPushNotificationConfig' | 'getTaskPushNotificationConfig' | 'listTaskPushNotificationConfigs' | 'deleteTaskPushNotificationConfig' | 'getExtendedAgentCard';
export interface A2aOperationEntry {
    key: A2aOperationKey;
    /** Stable case id (`sendMessage.start`); the member name for a single-case method. */
    case: string;
    method: A2aMethod;
    /** HTTP+JSON binding: verb and path under the interface URL. */
    http: {
        verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        path: string;
    } | null;
    when: string;
    /** Run statuses this `when` case covers; null when it is not selected by the task's status. */
    caseStatuses: readonly RunStatus[] | null;
    v2Operation: string | null;
    /** Facet properties (`<family>.<property>`) that must be advertised, else the row is refused. */
    requires: readonly string[];
    streaming: boolean;
    source: string;
}
export declare const a2aOperations: readonly A2aOperationEntry[];
/** The rows of one JSON-RPC method, in map order (several for a method with `when` cases). */
export declare function a2aOperationsFor(method: string): readonly A2aOperationEntry[];
/** Request, result and stream-event types per method; the runtime supplies the A2A wire types. */
export type A2aIo = {
    [M in A2aMethod]: {
        params: unknown;
        result: unknown;
        event?: unknown;
    };
};
/** A2A 1.0 params, results and stream events per method, from schemas/a2a-1.0.schema.json. */
export interface A2aWireIo extends A2aIo {
    CancelTask: {
        params: TaskIdParams;
        result: Task;
    };
    CreateTaskPushNotificationConfig: {
        params: PushConfigParams;
        result: JsonMap;
    };
    DeleteTaskPushNotificationConfig: {
        params: PushConfigParams;
        result: JsonMap;
    };
    GetExtendedAgentCard: {
        params: GetExtendedAgentCardParams;
        result: AgentCard;
    };
    GetTask: {
        params: GetTaskParams;
        result: Task;
    };
    GetTaskPushNotificationConfig: {
        params: PushConfigParams;
        result: JsonMap;
    };
    ListTaskPushNotificationConfigs: {
        params: PushConfigParams;
        result: JsonMap;
    };
    ListTasks: {
        params: ListTasksParams;
        result: ListTasksResult;
    };
    SendMessage: {
        params: SendMessageParams;
        result: SendMessageResult;
    };
    SendStreamingMessage: {
        params: SendMessageParams;
        result: never;
        event: StreamResponse;
    };
    SubscribeToTask: {
        params: TaskIdParams;
        result: never;
        event: StreamResponse;
    };
}
/**
 * The A2A contract a host implements: one member per map row. Streaming rows return an
 * AsyncIterable of stream events; the others a promise of the result.
 */
export interface A2aHandlers<Ctx, Io extends A2aIo> {
    /** Source: spec/interop-map.json#/a2a/operations/0 */
    sendMessageStart(params: Io['SendMessage']['params'], ctx: Ctx): Promise<Io['SendMessage']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/1 */
    sendMessageResume(params: Io['SendMessage']['params'], ctx: Ctx): Promise<Io['SendMessage']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/2 */
    sendMessageRefuseActive(params: Io['SendMessage']['params'], ctx: Ctx): Promise<Io['SendMessage']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/3 */
    sendMessageRefuseTerminal(params: Io['SendMessage']['params'], ctx: Ctx): Promise<Io['SendMessage']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/4 */
    sendStreamingMessageStart(params: Io['SendStreamingMessage']['params'], ctx: Ctx): AsyncIterable<Io['SendStreamingMessage']['event']>;
    /** Source: spec/interop-map.json#/a2a/operations/4 */
    sendStreamingMessageResume(params: Io['SendStreamingMessage']['params'], ctx: Ctx): AsyncIterable<Io['SendStreamingMessage']['event']>;
    /** Source: spec/interop-map.json#/a2a/operations/4 */
    sendStreamingMessageRefuseActive(params: Io['SendStreamingMessage']['params'], ctx: Ctx): AsyncIterable<Io['SendStreamingMessage']['event']>;
    /** Source: spec/interop-map.json#/a2a/operations/4 */
    sendStreamingMessageRefuseTerminal(params: Io['SendStreamingMessage']['params'], ctx: Ctx): AsyncIterable<Io['SendStreamingMessage']['event']>;
    /** Source: spec/interop-map.json#/a2a/operations/5 */
    getTask(params: Io['GetTask']['params'], ctx: Ctx): Promise<Io['GetTask']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/6 */
    listTasks(params: Io['ListTasks']['params'], ctx: Ctx): Promise<Io['ListTasks']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/7 */
    cancelTask(params: Io['CancelTask']['params'], ctx: Ctx): Promise<Io['CancelTask']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/8 */
    subscribeToTask(params: Io['SubscribeToTask']['params'], ctx: Ctx): AsyncIterable<Io['SubscribeToTask']['event']>;
    /** Source: spec/interop-map.json#/a2a/operations/9 */
    createTaskPushNotificationConfig(params: Io['CreateTaskPushNotificationConfig']['params'], ctx: Ctx): Promise<Io['CreateTaskPushNotificationConfig']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/10 */
    getTaskPushNotificationConfig(params: Io['GetTaskPushNotificationConfig']['params'], ctx: Ctx): Promise<Io['GetTaskPushNotificationConfig']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/10 */
    listTaskPushNotificationConfigs(params: Io['ListTaskPushNotificationConfigs']['params'], ctx: Ctx): Promise<Io['ListTaskPushNotificationConfigs']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/10 */
    deleteTaskPushNotificationConfig(params: Io['DeleteTaskPushNotificationConfig']['params'], ctx: Ctx): Promise<Io['DeleteTaskPushNotificationConfig']['result']>;
    /** Source: spec/interop-map.json#/a2a/operations/11 */
    getExtendedAgentCard(params: Io['GetExtendedAgentCard']['params'], ctx: Ctx): Promise<Io['GetExtendedAgentCard']['result']>;
}
