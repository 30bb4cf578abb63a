// The foreign engine's own workflows: plain functions, not the reference engine's JSON nodes. Each
// either finishes with outputs or asks one question and finishes with the answer.
import type { JsonObject, WorkflowView } from 'wopgen/runtime';

export type Step =
  | { done: JsonObject }
  | {
      ask: { nodeId: string; prompt: string; schema: JsonObject };
      then: (answer: JsonObject) => JsonObject;
    };

export interface ForeignWorkflow {
  view: WorkflowView;
  start(inputs: JsonObject): Step;
}

const noAsks = { form: false, url: false, sampling: false, roots: false };

export const foreignWorkflows: ForeignWorkflow[] = [
  {
    view: {
      id: 'say',
      description: 'Says back what it was given.',
      inputSchema: {
        type: 'object',
        required: ['text'],
        properties: { text: { type: 'string' } },
      },
      asks: noAsks,
      steps: { total: 1, stepOf: {} },
    },
    start: (inputs) => ({ done: { text: String(inputs['text']) } }),
  },
  {
    view: {
      id: 'greet-by-name',
      description: 'Asks for a name, then greets it.',
      inputSchema: { type: 'object', properties: {} },
      asks: { ...noAsks, form: true },
      steps: { total: 2, stepOf: { name: 0 } },
    },
    start: () => ({
      ask: {
        nodeId: 'name',
        prompt: 'What is your name?',
        schema: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' } },
        },
      },
      then: (answer) => ({ text: `hello ${String(answer['name'])}` }),
    }),
  },
];
