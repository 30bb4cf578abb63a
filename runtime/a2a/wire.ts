// The A2A 1.0 JSON wire we serve on the JSON-RPC binding (protobuf JSON names: camelCase members,
// TASK_STATE_* / ROLE_* enum names, parts discriminated by member presence), and the `Io` map that
// types the generated `A2aHandlers` contract. Shapes follow what `@a2a-js/sdk` 1.3.0 sends and
// reads (../shared/CLIENTS.md §1).
import type { A2aIo } from '../../generated/a2a/operations.ts';
import type { A2aWireTaskState } from '../../generated/a2a/task-state.ts';

export type JsonMap = Record<string, unknown>;

export type Role = 'ROLE_USER' | 'ROLE_AGENT';

interface PartCommon {
  mediaType?: string;
  filename?: string;
  metadata?: JsonMap;
}

/** Exactly one of `text`, `raw` (base64), `url`, `data` is present. */
export type Part = PartCommon &
  (
    | { text: string; raw?: never; url?: never; data?: never }
    | { raw: string; text?: never; url?: never; data?: never }
    | { url: string; text?: never; raw?: never; data?: never }
    | { data: unknown; text?: never; raw?: never; url?: never }
  );

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

export interface TaskStatus {
  state: A2aWireTaskState;
  message?: Message;
  timestamp: string;
}

export interface Artifact {
  artifactId: string;
  name?: string;
  description?: string;
  parts: Part[];
  metadata?: JsonMap;
}

export interface Task {
  id: string;
  contextId: string;
  status: TaskStatus;
  history?: Message[];
  artifacts?: Artifact[];
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

/** One-member wrapper of every stream event. */
export type StreamResponse =
  | { task: Task }
  | { message: Message }
  | { statusUpdate: TaskStatusUpdateEvent }
  | { artifactUpdate: TaskArtifactUpdateEvent };

export interface AgentInterface {
  url: string;
  protocolBinding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
  protocolVersion: string;
  tenant?: string;
}

export interface AgentSkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
  inputModes?: string[];
  outputModes?: string[];
}

/** Protobuf JSON of A2A `SecurityScheme` (a oneof; we only use the HTTP member). */
export interface SecurityScheme {
  httpAuthSecurityScheme?: { scheme: string; bearerFormat?: string; description?: string };
}

export interface SecurityRequirement {
  schemes: Record<string, { list: string[] }>;
}

export interface AgentCard {
  name: string;
  description: string;
  version: string;
  supportedInterfaces: AgentInterface[];
  provider?: { organization: string; url: string };
  capabilities: {
    streaming: boolean;
    pushNotifications: boolean;
    extendedAgentCard: boolean;
  };
  securitySchemes: Record<string, SecurityScheme>;
  securityRequirements: SecurityRequirement[];
  defaultInputModes: string[];
  defaultOutputModes: string[];
  skills: AgentSkill[];
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

export interface GetTaskParams {
  tenant?: string;
  id: string;
  historyLength?: number;
}

export interface ListTasksParams {
  tenant?: string;
  contextId?: string;
  status?: A2aWireTaskState;
  pageSize?: number;
  pageToken?: string;
  historyLength?: number;
  statusTimestampAfter?: string;
  includeArtifacts?: boolean;
}

export interface ListTasksResult {
  tasks: Task[];
  /** Always present; '' on the last page. */
  nextPageToken: string;
  pageSize: number;
  totalSize: number;
}

export interface TaskIdParams {
  tenant?: string;
  id: string;
}

export interface PushConfigParams {
  tenant?: string;
  taskId: string;
  id?: string;
  [member: string]: unknown;
}

export interface Io extends A2aIo {
  SendMessage: { params: SendMessageParams; result: { task: Task } | { message: Message } };
  SendStreamingMessage: { params: SendMessageParams; result: never; event: StreamResponse };
  GetTask: { params: GetTaskParams; result: Task };
  ListTasks: { params: ListTasksParams; result: ListTasksResult };
  CancelTask: { params: TaskIdParams; result: Task };
  SubscribeToTask: { params: TaskIdParams; result: never; event: StreamResponse };
  CreateTaskPushNotificationConfig: { params: PushConfigParams; result: JsonMap };
  GetTaskPushNotificationConfig: { params: PushConfigParams; result: JsonMap };
  ListTaskPushNotificationConfigs: { params: PushConfigParams; result: JsonMap };
  DeleteTaskPushNotificationConfig: { params: PushConfigParams; result: JsonMap };
  GetExtendedAgentCard: { params: { tenant?: string }; result: AgentCard };
}
