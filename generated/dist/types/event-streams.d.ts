/** Source: spec/asyncapi.yaml#/channels — message names carried on the event streams. */
export type EventStreamMessageName = 'interrupt.requested' | 'interrupt.resolved' | 'log.appended' | 'negotiation.decided' | 'node.completed' | 'node.suspended' | 'run.cancelled' | 'run.completed' | 'run.failed' | 'run.started';
export interface EventChannel {
    id: string;
    address: string;
    messages: readonly EventStreamMessageName[];
}
export declare const eventChannels: readonly EventChannel[];
