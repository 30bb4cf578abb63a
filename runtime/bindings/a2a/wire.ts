// The A2A 1.0 JSON wire we serve on the JSON-RPC binding (protobuf JSON names: camelCase members,
// TASK_STATE_* / ROLE_* enum names, parts discriminated by member presence), and the `Io` map that
// types the generated `A2aHandlers` contract. The types are generated from
// schemas/a2a-1.0.schema.json (shapes as `@a2a-js/sdk` 1.3.0 sends and reads them,
// ../shared/CLIENTS.md §1); this module only names them for the binding.
import type { A2aWireIo } from '@wopgen/generated/a2a/operations';

export type {
  AgentCard,
  AgentInterface,
  AgentSkill,
  Artifact,
  GetTaskParams,
  JsonMap,
  ListTasksParams,
  ListTasksResult,
  Message,
  Part,
  PushConfigParams,
  Role,
  SecurityRequirement,
  SecurityScheme,
  SendMessageConfiguration,
  SendMessageParams,
  StreamResponse,
  Task,
  TaskArtifactUpdateEvent,
  TaskIdParams,
  TaskStatus,
  TaskStatusUpdateEvent,
} from '@wopgen/generated/types/a2a-wire';

/** Params, results and stream events per method (generated from the A2A wire schema). */
export type Io = A2aWireIo;
