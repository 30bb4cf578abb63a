/** AgentCard — Source: schemas/a2a-1.0.schema.json#/$defs/AgentCard */
/** AgentInterface — Source: schemas/a2a-1.0.schema.json#/$defs/AgentInterface */
/** AgentSkill — Source: schemas/a2a-1.0.schema.json#/$defs/AgentSkill */
/** Artifact — Source: schemas/a2a-1.0.schema.json#/$defs/Artifact */
/** GetExtendedAgentCardParams — Source: schemas/a2a-1.0.schema.json#/$defs/GetExtendedAgentCardParams */
/** GetTaskParams — Source: schemas/a2a-1.0.schema.json#/$defs/GetTaskParams */
/** JsonMap — Source: schemas/a2a-1.0.schema.json#/$defs/JsonMap */
/** ListTasksParams — Source: schemas/a2a-1.0.schema.json#/$defs/ListTasksParams */
/** ListTasksResult — Source: schemas/a2a-1.0.schema.json#/$defs/ListTasksResult */
/** Message — Source: schemas/a2a-1.0.schema.json#/$defs/Message */
/** Part — Source: schemas/a2a-1.0.schema.json#/$defs/Part */
/** PartCommon — Source: schemas/a2a-1.0.schema.json#/$defs/PartCommon */
/** PartContent — Source: schemas/a2a-1.0.schema.json#/$defs/PartContent */
/** PushConfigParams — Source: schemas/a2a-1.0.schema.json#/$defs/PushConfigParams */
/** Role — Source: schemas/a2a-1.0.schema.json#/$defs/Role */
/** SecurityRequirement — Source: schemas/a2a-1.0.schema.json#/$defs/SecurityRequirement */
/** SecurityScheme — Source: schemas/a2a-1.0.schema.json#/$defs/SecurityScheme */
/** SendMessageConfiguration — Source: schemas/a2a-1.0.schema.json#/$defs/SendMessageConfiguration */
/** SendMessageParams — Source: schemas/a2a-1.0.schema.json#/$defs/SendMessageParams */
/** SendMessageResult — Source: schemas/a2a-1.0.schema.json#/$defs/SendMessageResult */
/** StreamResponse — Source: schemas/a2a-1.0.schema.json#/$defs/StreamResponse */
/** Task — Source: schemas/a2a-1.0.schema.json#/$defs/Task */
/** TaskArtifactUpdateEvent — Source: schemas/a2a-1.0.schema.json#/$defs/TaskArtifactUpdateEvent */
/** TaskIdParams — Source: schemas/a2a-1.0.schema.json#/$defs/TaskIdParams */
/** TaskState — Source: schemas/a2a-1.0.schema.json#/$defs/TaskState */
/** TaskStatus — Source: schemas/a2a-1.0.schema.json#/$defs/TaskStatus */
/** TaskStatusUpdateEvent — Source: schemas/a2a-1.0.schema.json#/$defs/TaskStatusUpdateEvent */
export type Part = PartCommon & PartContent;
/**
 * Exactly one of text, raw (base64), url or data.
 */
export type PartContent = {
    raw?: never;
    url?: never;
    data?: never;
    text: string;
} | {
    text?: never;
    url?: never;
    data?: never;
    raw: string;
} | {
    text?: never;
    raw?: never;
    data?: never;
    url: string;
} | {
    text?: never;
    raw?: never;
    url?: never;
    data: unknown;
};
/**
 * A2A 1.0 TaskState, in its protobuf JSON enum names.
 */
export type TaskState = 'TASK_STATE_UNSPECIFIED' | 'TASK_STATE_SUBMITTED' | 'TASK_STATE_WORKING' | 'TASK_STATE_COMPLETED' | 'TASK_STATE_FAILED' | 'TASK_STATE_CANCELED' | 'TASK_STATE_INPUT_REQUIRED' | 'TASK_STATE_REJECTED' | 'TASK_STATE_AUTH_REQUIRED';
export type Role = 'ROLE_USER' | 'ROLE_AGENT';
/**
 * The task the message started or continued, or a direct message.
 */
export type SendMessageResult = {
    task: Task;
} | {
    message: Message;
};
/**
 * One stream event: an object with exactly one of these members.
 */
export type StreamResponse = {
    task: Task;
} | {
    message: Message;
} | {
    statusUpdate: TaskStatusUpdateEvent;
} | {
    artifactUpdate: TaskArtifactUpdateEvent;
};
export interface A2AWire {
    AgentCard?: AgentCard;
    AgentInterface?: AgentInterface;
    AgentSkill?: AgentSkill;
    Artifact?: Artifact;
    GetExtendedAgentCardParams?: GetExtendedAgentCardParams;
    GetTaskParams?: GetTaskParams;
    JsonMap?: JsonMap;
    ListTasksParams?: ListTasksParams;
    ListTasksResult?: ListTasksResult;
    Message?: Message;
    Part?: Part;
    PartCommon?: PartCommon;
    PartContent?: PartContent;
    PushConfigParams?: PushConfigParams;
    Role?: Role;
    SecurityRequirement?: SecurityRequirement;
    SecurityScheme?: SecurityScheme;
    SendMessageConfiguration?: SendMessageConfiguration;
    SendMessageParams?: SendMessageParams;
    SendMessageResult?: SendMessageResult;
    StreamResponse?: StreamResponse;
    Task?: Task;
    TaskArtifactUpdateEvent?: TaskArtifactUpdateEvent;
    TaskIdParams?: TaskIdParams;
    TaskState?: TaskState;
    TaskStatus?: TaskStatus;
    TaskStatusUpdateEvent?: TaskStatusUpdateEvent;
}
export interface AgentCard {
    name: string;
    description: string;
    version: string;
    supportedInterfaces: AgentInterface[];
    provider?: {
        organization: string;
        url: string;
    };
    capabilities: {
        streaming: boolean;
        pushNotifications: boolean;
        extendedAgentCard: boolean;
    };
    securitySchemes: {
        [k: string]: SecurityScheme;
    };
    securityRequirements: SecurityRequirement[];
    defaultInputModes: string[];
    defaultOutputModes: string[];
    skills: AgentSkill[];
}
export interface AgentInterface {
    url: string;
    protocolBinding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
    protocolVersion: string;
    tenant?: string;
}
/**
 * A2A SecurityScheme in protobuf JSON (a oneof; this host uses the HTTP member only).
 */
export interface SecurityScheme {
    httpAuthSecurityScheme?: {
        scheme: string;
        bearerFormat?: string;
        description?: string;
    };
}
export interface SecurityRequirement {
    schemes: {
        [k: string]: {
            list: string[];
        };
    };
}
export interface AgentSkill {
    id: string;
    name: string;
    description: string;
    tags: string[];
    inputModes?: string[];
    outputModes?: string[];
}
export interface Artifact {
    artifactId: string;
    name?: string;
    description?: string;
    parts: Part[];
    metadata?: JsonMap;
}
export interface PartCommon {
    mediaType?: string;
    filename?: string;
    metadata?: JsonMap;
}
/**
 * A JSON object whose members the protocol does not fix (metadata, data parts, push configs).
 */
export interface JsonMap {
    [k: string]: unknown;
}
export interface GetExtendedAgentCardParams {
    tenant?: string;
}
export interface GetTaskParams {
    tenant?: string;
    id: string;
    historyLength?: number;
}
export interface ListTasksParams {
    tenant?: string;
    contextId?: string;
    status?: TaskState;
    pageSize?: number;
    pageToken?: string;
    historyLength?: number;
    statusTimestampAfter?: string;
    includeArtifacts?: boolean;
}
export interface ListTasksResult {
    tasks: Task[];
    /**
     * Always present; empty on the last page.
     */
    nextPageToken: string;
    pageSize: number;
    totalSize: number;
}
export interface Task {
    id: string;
    contextId: string;
    status: TaskStatus;
    history?: Message[];
    artifacts?: Artifact[];
    metadata?: JsonMap;
}
export interface TaskStatus {
    state: TaskState;
    message?: Message;
    timestamp: string;
}
export interface Message {
    messageId: string;
    role: Role;
    parts: Part[];
    contextId?: string;
    taskId?: string;
    metadata?: JsonMap;
    referenceTaskIds?: string[];
    extensions?: string[];
}
export interface PushConfigParams {
    tenant?: string;
    taskId: string;
    id?: string;
    [k: string]: unknown;
}
export interface SendMessageConfiguration {
    acceptedOutputModes?: string[];
    historyLength?: number;
    returnImmediately?: boolean;
    taskPushNotificationConfig?: JsonMap;
}
export interface SendMessageParams {
    tenant?: string;
    message: Message;
    configuration?: SendMessageConfiguration;
    metadata?: JsonMap;
}
export interface TaskStatusUpdateEvent {
    taskId: string;
    contextId: string;
    status: TaskStatus;
    metadata?: JsonMap;
}
export interface TaskArtifactUpdateEvent {
    taskId: string;
    contextId: string;
    artifact: Artifact;
    append?: boolean;
    lastChunk?: boolean;
    metadata?: JsonMap;
}
export interface TaskIdParams {
    tenant?: string;
    id: string;
}
