// The SpecModel: the one intermediate representation every emitter reads (DESIGN.md §2).
// Names and order are decided here, once, from stable keys.
import type { WhenSelector } from './when.ts';

/** Where a declaration came from: file and JSON pointer, printed as its source comment. */
export interface Origin {
  file: string;
  pointer: string;
}

export interface InputDigest {
  file: string;
  sha256: string;
}

export interface HttpBinding {
  verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

export interface A2aOperation {
  /** Handler member name, unique: lowerCamel(method), plus the case name for a multi-case method. */
  member: string;
  /** Stable case id: `sendMessage.start` for a case of a multi-case method, else the member name. */
  caseId: string;
  /** JSON-RPC method name (the upstream operation name in A2A 1.0). */
  method: string;
  http: HttpBinding | null;
  when: string;
  /** What the row's `when` phrase selects (model/when.ts); `as X` rows are expanded into X's cases. */
  selector: WhenSelector;
  /** Run statuses the case serves, when it names a task; null for a message with no taskId. */
  caseStatuses: string[] | null;
  v2Operation: string | null;
  requires: string[];
  streaming: boolean;
  origin: Origin;
}

export interface A2aError {
  /** Upstream name, e.g. `TaskNotFoundError`, or a key like `InvalidParams` for a generic row. */
  name: string;
  /** Stable key used in generated tables. */
  key: string;
  jsonrpc: number;
  http: number;
  grpc: string;
  reason: string;
  clientProjection: string;
  origin: Origin;
}

export interface StateRow {
  runStatus: string;
  stored: string;
  wire: string;
  interruptKind?: string;
  origin: Origin;
}

export interface ReverseRow {
  wire: string;
  runStatus: string;
  origin: Origin;
}

export interface McpMethod {
  member: string;
  method: string;
  v2Operation: string | null;
  requires: string[];
  /** Served only when the request declares the tasks extension. */
  extension: string | null;
  /**
   * Parameters of the method that belong to the extension (a row naming `method param…`, such as
   * `subscriptions/listen taskIds`): the method itself is core, only these need the extension.
   */
  extensionParams: string[];
  origin: Origin;
}

/** A method a map row names as a rule, not a dispatch entry: answered -32601 with this message. */
export interface McpRefusedMethod {
  method: string;
  message: string;
  origin: Origin;
}

export interface McpProtocolError {
  name: string;
  code: number;
  httpStatus: number;
  source: string;
}

export interface ElementRow {
  element: string;
  /** The row's rule text, as the map states it. */
  rule: string;
  /** Errors the rule names with a code, as `FooError (-32020)`, for the check against the revision. */
  errorsNamed: { name: string; code: number }[];
  origin: Origin;
}

export interface ErrorCodeRow {
  code: string;
  httpStatus: number;
  retriable: boolean;
  origin: Origin;
}

export interface FacetModel {
  family: 'a2a' | 'mcp';
  /** Bundled, self-contained JSON Schema of the facet. */
  schema: Record<string, unknown>;
  properties: string[];
  versionsField: string;
  preferredField: string;
  floorField: string;
  /** Regular expression source a version string must match, from the facet schema. */
  versionPattern: string;
  /** 'numeric' compares major.minor numerically; 'date' compares ISO dates. */
  ordering: 'numeric' | 'date';
  profilePattern: string | null;
  origin: Origin;
}

export interface EventModel {
  type: string;
  schema: Record<string, unknown>;
  origin: Origin;
}

/** Wire types of one protocol revision, from its schema (model/build-wire.ts). */
export interface WireModel {
  /** Every definition of the schema, by name (cross-references as `#/$defs/<name>`). */
  defs: { name: string; schema: Record<string, unknown> }[];
  /** Per method, the definition naming its params and its result; null where there is none. */
  types: Record<string, { params: string | null; result: string | null; event: string | null }>;
  /** Per method, the digest of its params, result and event schemas (model/shape-digest.ts). */
  shapes: Record<string, string>;
  origin: Origin;
}

/** A parameter of a REST operation, as a generic router reads it off a request. */
export interface RestParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** The JSON type its text is read as; anything that is not a number or boolean stays a string. */
  type: 'string' | 'integer' | 'number' | 'boolean';
  schema: Record<string, unknown>;
}

/** One OpenAPI operation (model/build-rest.ts). */
export interface RestOperation {
  operationId: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  /** The path template, as the document writes it (`/runs/{runId}/cancel`). */
  path: string;
  parameters: RestParameter[];
  body: { required: boolean; contentType: string; schema: Record<string, unknown> } | null;
  /** Declared answers by status (`200`, `4XX`, `default`), sorted. */
  responses: {
    status: string;
    contentType: string | null;
    schema: Record<string, unknown> | null;
  }[];
  /** `security: []`: served without a credential. */
  anonymous: boolean;
  origin: Origin;
}

export interface SpecModel {
  layout: 'wopgen' | 'upstream';
  /** The interop map's path as diagnostics name it, for findings about the map as a whole. */
  mapFile: string;
  inputs: InputDigest[];
  /** sha256 over the sorted `file sha256` lines of every input. */
  digest: string;
  openapi: {
    title: string;
    version: string;
    operationIds: string[];
    document: Record<string, unknown>;
  };
  /** The REST operations a generic router serves, sorted by operationId. */
  rest: { operations: RestOperation[]; shapes: Record<string, string> };
  runStatuses: string[];
  terminalStatuses: string[];
  errors: ErrorCodeRow[];
  a2a: {
    release: string;
    negotiated: string;
    operations: A2aOperation[];
    errors: A2aError[];
    taskState: StateRow[];
    taskStateReverse: ReverseRow[];
    /** Requirements whose absence has its own error (else UnsupportedOperationError). */
    requirementRefusals: { requirement: string; error: string; message: string }[];
    /** Params, result and stream-event types per method, when the wire schema is present. */
    wire: WireModel | null;
  };
  mcp: {
    revision: string;
    tasksExtension: string | null;
    features: { id: string; requiredFor: string[]; origin: Origin }[];
    methods: McpMethod[];
    /** Methods rows name as rules (the initialize-era lifecycle, notifications): never dispatched. */
    refusedMethods: McpRefusedMethod[];
    headers: ElementRow[];
    meta: ElementRow[];
    /** `errorCode` rows override the plain row of their run status when the run's error has it. */
    taskStatus: { runStatus: string; taskStatus: string; errorCode?: string; origin: Origin }[];
    protocolErrors: McpProtocolError[];
    /** Params and result types of the revision's methods, when its wire schema is present. */
    wire: WireModel | null;
  };
  facets: FacetModel[];
  discovery: { schema: Record<string, unknown>; origin: Origin } | null;
  events: EventModel[];
  /** The AsyncAPI document, bundled so its parser resolves nothing itself. */
  asyncapi: { document: Record<string, unknown>; origin: Origin };
  hostEvent: { schema: Record<string, unknown>; origin: Origin } | null;
}
