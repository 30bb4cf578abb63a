// The resume values a `client-request` node accepts: the result of the request the caller's client
// ran (MCP 2026-07-28 CreateMessageResult and ListRootsResult), checked like any interrupt schema
// before the run sees it, so a malformed answer is refused rather than stored.
import type { JsonObject } from '../../../ports/json.ts';
import type { ClientRequest } from '../../../ports/store/run-store.ts';

export const clientResultSchemas: Record<ClientRequest['method'], JsonObject> = {
  'sampling/createMessage': {
    type: 'object',
    required: ['role', 'content', 'model'],
    properties: {
      role: { enum: ['assistant', 'user'] },
      content: { type: ['object', 'array'] },
      model: { type: 'string' },
      stopReason: { type: 'string' },
    },
  },
  'roots/list': {
    type: 'object',
    required: ['roots'],
    properties: {
      roots: {
        type: 'array',
        items: {
          type: 'object',
          required: ['uri'],
          properties: { uri: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
  },
};
