// The JSON Schema of an `asksFirst` list (ports/workflows.ts FirstQuestion), shared by the two
// places that declare one: a reference workflow definition and an MCP catalogue prompt.
export const firstQuestionsSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'prompt', 'schema'],
    properties: {
      // Joined to a field name as a placeholder (`{{user_name.name}}`): no dots of its own.
      name: { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' },
      prompt: { type: 'string', minLength: 1 },
      schema: { type: 'object', required: ['type'], properties: { type: { const: 'object' } } },
    },
  },
};
