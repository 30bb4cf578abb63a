// The JSON Schema of one catalogue file (a `*.json` in the catalogue directory) and its compiled
// check, on the host's shared ajv (draft 2020-12 + formats). Every object is closed so that a typo
// is an error at load rather than a field the host silently ignores. The rules that span fields or
// entries (exactly one of text and blob, unique names, declared placeholders, the scheme allowlist)
// are load.ts's, checked once the shape is known, so that each gets its own clear message.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { firstQuestionsSchema } from '../../../util/first-questions.ts';
import { ajv } from '../../../util/json-schema.ts';
import type { CataloguePrompt, CatalogueResource, CatalogueTemplate } from './catalogue.ts';

/** One catalogue file: any mix of entries; the directory's files are merged. */
export interface CatalogueFile {
  /** URI schemes `resources/read` accepts (the union over all files is the host allowlist). */
  uriSchemes?: string[];
  prompts?: CataloguePrompt[];
  resources?: CatalogueResource[];
  resourceTemplates?: CatalogueTemplate[];
}

const text = { type: 'string' };
const nonEmpty = { type: 'string', minLength: 1 };
const base64 = { type: 'string', format: 'byte' };
/** `type/subtype`, optionally with parameters (`text/plain; charset=utf-8`). */
const mimeType = {
  type: 'string',
  pattern: '^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+(\\s*;.*)?$',
};
/** Argument and variable names double as `{{name}}` placeholders, so they share its alphabet. */
const argName = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' };

const completions = {
  type: 'object',
  propertyNames: argName,
  additionalProperties: { type: 'array', items: text },
};

const resourceBody = {
  type: 'object',
  additionalProperties: false,
  required: ['uri'],
  properties: { uri: nonEmpty, mimeType, text, blob: base64 },
};

const dataBlock = (type: 'image' | 'audio') => ({
  if: { properties: { type: { const: type } } },
  then: {
    additionalProperties: false,
    required: ['data', 'mimeType'],
    properties: { type: true, data: base64, mimeType },
  },
});

/** A message content block, tagged by `type`; each tag's fields checked by its own branch. */
const content = {
  type: 'object',
  required: ['type'],
  properties: { type: { enum: ['text', 'image', 'audio', 'resource'] } },
  allOf: [
    {
      if: { properties: { type: { const: 'text' } } },
      then: { additionalProperties: false, required: ['text'], properties: { type: true, text } },
    },
    dataBlock('image'),
    dataBlock('audio'),
    {
      if: { properties: { type: { const: 'resource' } } },
      then: {
        additionalProperties: false,
        required: ['resource'],
        properties: { type: true, resource: resourceBody },
      },
    },
  ],
};

const prompt = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'messages'],
  properties: {
    name: nonEmpty,
    title: text,
    description: text,
    arguments: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: argName,
          title: text,
          description: text,
          required: { type: 'boolean' },
        },
      },
    },
    messages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['role', 'content'],
        properties: { role: { enum: ['user', 'assistant'] }, content },
      },
    },
    completions,
    asksFirst: firstQuestionsSchema,
  },
};

const described = { name: nonEmpty, title: text, description: text, mimeType };

const resource = {
  type: 'object',
  additionalProperties: false,
  required: ['uri', 'name', 'mimeType'],
  properties: { uri: nonEmpty, ...described, text, blob: base64 },
};

const template = {
  type: 'object',
  additionalProperties: false,
  required: ['uriTemplate', 'name', 'mimeType'],
  properties: { uriTemplate: nonEmpty, ...described, text, blob: base64, completions },
};

export const catalogueFileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    uriSchemes: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9+.-]*$' },
    },
    prompts: { type: 'array', items: prompt },
    resources: { type: 'array', items: resource },
    resourceTemplates: { type: 'array', items: template },
  },
};

/**
 * Compiled on first use: only a host with a catalogue directory needs it, and compiling it took a
 * tenth of `wopgen serve`'s start.
 */
let compiled: ValidateFunction<CatalogueFile> | undefined;
export function catalogueFileValidator(): ValidateFunction<CatalogueFile> {
  return (compiled ??= ajv.compile<CatalogueFile>(catalogueFileSchema));
}
