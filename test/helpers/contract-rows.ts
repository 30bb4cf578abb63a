// Rows a host implementer adds to the spec, as the contract tests add them: an A2A row
// (GetTaskArtifact), an MCP method (tasks/list) and a REST operation (listRunArtifacts), with the
// wire types each is served with.

/** interop-map `a2a.operations` row: one artifact of a task the caller can read. */
export const GET_TASK_ARTIFACT_ROW = {
  upstream: 'GetTaskArtifact',
  http: 'GET /tasks/{id}/artifacts/{artifactId}',
  when: '',
  v2Operation: 'getRun',
  requires: [],
  rule: 'Test row: reads one artifact of a task the caller can read.',
};

/** Its params and result in the A2A wire schema (`$defs`). */
export const GET_TASK_ARTIFACT_WIRE = {
  GetTaskArtifactParams: {
    type: 'object',
    required: ['id', 'artifactId'],
    properties: {
      tenant: { type: 'string' },
      id: { type: 'string' },
      artifactId: { type: 'string' },
    },
  },
  GetTaskArtifactResult: { $ref: '#/$defs/Artifact' },
};

/** interop-map `mcp.methods` row. */
export const TASKS_LIST_ROW = {
  upstream: 'tasks/list',
  v2Operation: 'listRuns',
  requires: ['mcp.serverMount'],
  rule: 'Test row: lists the caller tasks.',
};

/** Its params and result in the MCP wire schema (`$defs`). */
export const TASKS_LIST_WIRE = {
  TasksListParams: { $ref: '#/$defs/PageParams' },
  TasksListResult: {
    type: 'object',
    required: ['tasks', 'resultType'],
    properties: {
      tasks: { type: 'array', items: { type: 'string' } },
      resultType: { const: 'complete' },
    },
  },
};

/** openapi.yaml with `GET /runs/{runId}/artifacts` (listRunArtifacts) added before /host/events. */
export function withArtifactsOperation(openapi: string): string {
  const operation = [
    '  /runs/{runId}/artifacts:',
    '    get:',
    '      tags: [runs]',
    '      operationId: listRunArtifacts',
    '      summary: The artifact ids of a run.',
    '      parameters:',
    "        - $ref: '#/components/parameters/RunId'",
    '      responses:',
    "        '200':",
    '          description: Its artifact ids.',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: object',
    '                required: [artifacts]',
    '                properties: { artifacts: { type: array, items: { type: string } } }',
    "        '404': { $ref: '#/components/responses/NotFound' }",
    '  /host/events:',
    '',
  ].join('\n');
  if (!openapi.includes('  /host/events:\n')) throw new Error('openapi.yaml has no /host/events');
  return openapi.replace('  /host/events:\n', operation);
}

/** Something with JSON files to edit: a spec fixture, or a scaffolded project. */
interface JsonFiles {
  editJson(rel: string, edit: (data: Record<string, unknown>) => void): void;
}

/** Adds the GetTaskArtifact row to the map and its wire types to the A2A wire schema. */
export function addArtifactRow(files: JsonFiles): void {
  files.editJson('spec/interop-map.json', (m) => {
    (m['a2a'] as { operations: unknown[] }).operations.push(GET_TASK_ARTIFACT_ROW);
  });
  files.editJson('schemas/a2a-1.0.schema.json', (s) => {
    Object.assign(s['$defs'] as Record<string, unknown>, GET_TASK_ARTIFACT_WIRE);
  });
}

/** Adds the tasks/list row to the map and its wire types to the MCP wire schema. */
export function addTasksListRow(files: JsonFiles): void {
  files.editJson('spec/interop-map.json', (m) => {
    (m['mcp'] as { methods: unknown[] }).methods.push(TASKS_LIST_ROW);
  });
  files.editJson('schemas/mcp-2026-07-28.schema.json', (s) => {
    Object.assign(s['$defs'] as Record<string, unknown>, TASKS_LIST_WIRE);
  });
}
