/** InterruptRequested — Source: schemas/run-event-payloads.schema.json#/$defs/interruptRequested */
/** InterruptResolved — Source: schemas/run-event-payloads.schema.json#/$defs/interruptResolved */
/** NegotiationDecided — Source: schemas/run-event-payloads.schema.json#/$defs/negotiationDecided */
/** NodeSuspended — Source: schemas/run-event-payloads.schema.json#/$defs/nodeSuspended */
/** NodeCompleted — Source: schemas/run-event-payloads.schema.json#/$defs/nodeCompleted */
/** LogAppended — Source: schemas/run-event-payloads.schema.json#/$defs/logAppended */
/** RunCancelled — Source: schemas/run-event-payloads.schema.json#/$defs/runCancelled */
/** RunCompleted — Source: schemas/run-event-payloads.schema.json#/$defs/runCompleted */
/** RunFailed — Source: schemas/run-event-payloads.schema.json#/$defs/runFailed */
/** RunStarted — Source: schemas/run-event-payloads.schema.json#/$defs/runStarted */
/** HostEvent — Source: schemas/host-event.schema.json# */
/**
 * Interrupt id bound to a tenant, written <tenant>/<opaque>.
 */
export type IdsInterruptId = string;
/**
 * Node id chosen by the author, unique inside one workflow.
 */
export type IdsNodeId = string;
/**
 * What the suspended node is waiting for.
 */
export type RunEventPayloadsInterruptKind = 'approval' | 'clarification' | 'input' | 'credential' | 'external-event' | 'custom';
/**
 * An action an approval gate may allow (interrupt.md §Approval).
 */
export type RunEventPayloadsApprovalAction = 'accept' | 'reject' | 'refine' | 'edit-accept' | 'ask';
/**
 * Stable opaque subject id scoped to its issuer; never personal data.
 */
export type IdsSubjectId = string;
/**
 * Tenant of record; the only colon allowed is the anon: prefix of anonymous tenants.
 */
export type IdsTenantId = string;
/**
 * Workflow id chosen by the workflow author.
 */
export type IdsWorkflowId = string;
/**
 * An event that belongs to the host rather than to any run, so it has no runId and no sequence.
 */
export type HostEvent = {
    /**
     * Same value on every delivery of the event.
     */
    eventId: string;
    /**
     * Dotted event type, e.g. negotiation.decided.
     */
    type: string;
    timestamp: string;
    /**
     * durable events are stored and can be resumed by eventId; ephemeral ones are sent once and forgotten.
     */
    delivery: 'durable' | 'ephemeral';
    /**
     * Set only for workspace-scoped events.
     */
    workspaceId?: string;
    /**
     * Body defined by the event type.
     */
    payload: {};
};
export interface InteropEventPayloads {
    InterruptRequested?: InterruptRequested;
    InterruptResolved?: InterruptResolved;
    NegotiationDecided?: NegotiationDecided;
    NodeSuspended?: NodeSuspended;
    NodeCompleted?: NodeCompleted;
    LogAppended?: LogAppended;
    RunCancelled?: RunCancelled;
    RunCompleted?: RunCompleted;
    RunFailed?: RunFailed;
    RunStarted?: RunStarted;
    HostEvent?: HostEvent;
}
/**
 * A node opened an interrupt and is waiting for an answer.
 */
export interface InterruptRequested {
    interruptId: IdsInterruptId;
    nodeId: IdsNodeId;
    kind: RunEventPayloadsInterruptKind;
    /**
     * JSON Schema the resume value must satisfy, when the node declares one.
     */
    schema?: {};
    /**
     * Subjects allowed to resolve the interrupt; absent means any reader of the run.
     */
    approvers?: string[];
    /**
     * Where a user goes to connect the credential a credential interrupt needs.
     */
    connectUrl?: string;
    /**
     * For an approval: the actions its gate allows (interrupt.md §Approval); the host refuses any other.
     *
     * @minItems 1
     */
    actions?: [RunEventPayloadsApprovalAction, ...RunEventPayloadsApprovalAction[]];
    /**
     * For a custom interrupt that the caller's own client answers rather than a person: the request that client runs. Its result is the resume value.
     */
    clientRequest?: {
        method: 'sampling/createMessage' | 'roots/list';
        params?: {};
    };
}
/**
 * An open interrupt received its answer.
 */
export interface InterruptResolved {
    interruptId: IdsInterruptId;
    nodeId: IdsNodeId;
    /**
     * How the responder answered: accept, decline or cancel for a question; for an approval the approval action applied (interrupt.md §Approval; `ask` resolves nothing, `timeout` is never taken from a client).
     */
    action?: 'accept' | 'decline' | 'cancel' | 'reject' | 'refine' | 'edit-accept';
    /**
     * For an approval that granted or rejected its gate: the outcome (a refine does neither).
     */
    decision?: 'granted' | 'rejected';
    refineFeedback?: RunEventPayloadsRefineFeedback;
    /**
     * The edited artifact of an `edit-accept`.
     */
    editedArtifactData?: {
        [k: string]: unknown;
    };
    resolvedBy?: RunSnapshotSubject;
}
/**
 * The feedback of a `refine`.
 */
export interface RunEventPayloadsRefineFeedback {
    scope: 'whole' | 'section' | 'items';
    sectionPath?: string;
    itemIds?: string[];
    tags?: string[];
    text?: string;
}
/**
 * The subject that resolved it.
 */
export interface RunSnapshotSubject {
    /**
     * Trust root that vouches for the subject.
     */
    issuer: string;
    subjectId: IdsSubjectId;
    tenant: IdsTenantId;
    /**
     * How the subject authenticated.
     */
    lane: 'api-key' | 'oauth2' | 'oidc' | 'mtls' | 'saml' | 'scim' | 'ldap' | 'workload' | 'session' | 'anonymous';
    /**
     * What sort of principal it is.
     */
    kind: 'user' | 'agent' | 'anonymous' | 'workload';
}
/**
 * Content-free audit record of one A2A or MCP version negotiation, refusals included.
 */
export interface NegotiationDecided {
    protocol: 'a2a' | 'mcp';
    outcome: 'accepted' | 'refused';
    /**
     * Version or revision agreed; left out when nothing was agreed.
     */
    version?: string;
    /**
     * The advertised minimum at decision time.
     */
    floor?: string;
    /**
     * Lowercase hex SHA-256 of the peer origin, so the origin itself is never stored.
     */
    peerDigest?: string;
    reason?: 'below-floor' | 'unauthenticated' | 'unsupported' | 'ok';
    /**
     * The version the requester asked for, if it named one.
     */
    requested?: string;
    /**
     * When the decision was made.
     */
    at: string;
}
/**
 * A node paused on an interrupt.
 */
export interface NodeSuspended {
    nodeId: IdsNodeId;
    interruptId: IdsInterruptId;
    kind?: RunEventPayloadsInterruptKind;
}
/**
 * The run moved past a node without ending, suspending or answering an interrupt (those have events of their own).
 */
export interface NodeCompleted {
    nodeId: IdsNodeId;
    /**
     * Time the node took.
     */
    durationMs?: number;
}
/**
 * A line the workflow wrote to its run's log for whoever follows the run.
 */
export interface LogAppended {
    level: 'debug' | 'info' | 'warn' | 'error';
    message: string;
    nodeId?: IdsNodeId;
    /**
     * Structured details that go with the line.
     */
    fields?: {};
}
/**
 * The run was cancelled; the stream ends after it.
 */
export interface RunCancelled {
    /**
     * Why it was cancelled, for example mcp-request-cancelled.
     */
    reason?: string;
    /**
     * Who or what asked for the cancellation.
     */
    cancelledBy?: string;
    durationMs?: number;
}
/**
 * The run finished successfully; the stream ends after it.
 */
export interface RunCompleted {
    /**
     * Results of the run; may be empty.
     */
    outputs: {
        [k: string]: unknown;
    };
    durationMs?: number;
}
/**
 * The run ended in failure; the stream ends after it.
 */
export interface RunFailed {
    error: RunEventPayloadsRunError;
    failedNodeId?: IdsNodeId;
    durationMs?: number;
}
/**
 * Machine-readable code plus a human message.
 */
export interface RunEventPayloadsRunError {
    code: string;
    message: string;
}
/**
 * The run began executing.
 */
export interface RunStarted {
    workflowId: IdsWorkflowId;
    /**
     * Inputs supplied at creation.
     */
    inputs?: {
        [k: string]: unknown;
    };
    /**
     * Surface through which the run was started.
     */
    transport?: 'rest' | 'mcp' | 'a2a' | 'ui';
    /**
     * Whether content entering the run is treated as trusted.
     */
    trustBoundary?: 'trusted' | 'untrusted';
}
