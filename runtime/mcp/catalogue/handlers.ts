// The catalogue's members of the generated `McpHandlers` contract (prompts/list, prompts/get,
// resources/list, resources/templates/list, resources/read, completion/complete).
// TODO(catalogue): serve the catalogue; until then nothing is listed and every name is unknown.
import type { McpHandlers } from '../../../generated/mcp/methods.ts';
import type { McpConfig } from '../../config.ts';
import type { Io, McpCallContext } from '../handlers.ts';
import { INVALID_PARAMS, McpError } from '../jsonrpc.ts';
import type { McpCatalogue } from './catalogue.ts';

export type CatalogueHandlers = Pick<
  McpHandlers<McpCallContext, Io>,
  | 'promptsList'
  | 'promptsGet'
  | 'resourcesList'
  | 'resourcesTemplatesList'
  | 'resourcesRead'
  | 'completionComplete'
>;

export function catalogueHandlers(_catalogue: McpCatalogue, mcp: McpConfig): CatalogueHandlers {
  const listed = { resultType: 'complete', ttlMs: mcp.listTtlMs, cacheScope: 'private' };
  return {
    async promptsList() {
      return { prompts: [], ...listed };
    },
    async promptsGet(params) {
      const name = params.name;
      if (typeof name !== 'string')
        throw new McpError(INVALID_PARAMS, 'params.name must be a string');
      throw new McpError(INVALID_PARAMS, `Unknown prompt: ${name}`, { name });
    },
    async resourcesList() {
      return { resources: [], ...listed };
    },
    async resourcesTemplatesList() {
      return { resourceTemplates: [], ...listed };
    },
    async resourcesRead(params) {
      const uri = params.uri;
      if (typeof uri !== 'string')
        throw new McpError(INVALID_PARAMS, 'params.uri must be a string');
      if (/(^|[/\\])\.\.([/\\]|$)|%2e%2e/i.test(uri))
        throw new McpError(INVALID_PARAMS, 'resource URI refused (path traversal)', { uri });
      throw new McpError(INVALID_PARAMS, 'Resource not found', { uri });
    },
    async completionComplete() {
      return { completion: { values: [], hasMore: false }, resultType: 'complete' };
    },
  };
}
