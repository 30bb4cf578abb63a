// The catalogue's members of the generated `McpHandlers` contract: prompts/list, prompts/get,
// resources/list, resources/templates/list, resources/read and completion/complete. The dispatcher
// has refused a kind the catalogue lacks (`catalogueRefusal`) and authenticated the caller before
// any of these runs (the map's `mcp.authorization` row), and
// every refusal is an McpError (-32602), never a 500.
//
// Cache hints (the map's `mcp.cache` rows): the lists and resources/read carry `ttlMs` =
// mcp.listTtlMs and `cacheScope: 'private'`, as tools/list does: the catalogue is the same for
// every caller, but it is only shown to an authenticated one, so no shared cache may hold it.
import type { McpHandlers } from '@wopgen/generated/mcp/methods';
import type { McpConfig } from '../../../config.ts';
import type { Io, McpCallContext } from '../handlers.ts';
import { catalogueCapabilities, type McpCatalogue } from './catalogue.ts';
import { missingCapability } from '../envelope.ts';
import { INVALID_PARAMS, McpError, METHOD_NOT_FOUND } from '../jsonrpc.ts';
import { clientAbilities } from '../mrtr.ts';
import { answerQuestions } from '../questions.ts';
import { callDigest, type RequestStates } from '../request-state.ts';
import { complete } from './completion.ts';
import {
  answerValues,
  findPrompt,
  listedPrompt,
  promptArguments,
  renderPrompt,
} from './prompts.ts';
import { indexResources, listedResource, listedTemplate, readResource } from './resources.ts';

export type CatalogueHandlers = Pick<
  McpHandlers<McpCallContext, Io>,
  | 'promptsList'
  | 'promptsGet'
  | 'resourcesList'
  | 'resourcesTemplatesList'
  | 'resourcesRead'
  | 'completionComplete'
>;

/** The catalogue kind each catalogue method serves (its capability in server/discover). */
const KIND_OF: Record<string, 'prompts' | 'resources' | 'completions'> = {
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'completion/complete': 'completions',
};

/**
 * A kind the catalogue has none of is not declared in server/discover, so its methods do not
 * exist on this server: -32601 (HTTP 404), never an empty answer that contradicts discover. The
 * dispatcher asks before it reads params (a method that does not exist has no malformed params).
 */
export function catalogueRefusal(catalogue: McpCatalogue, method: string): McpError | undefined {
  const kind = Object.hasOwn(KIND_OF, method) ? KIND_OF[method] : undefined;
  if (kind === undefined || kind in catalogueCapabilities(catalogue)) return undefined;
  return new McpError(METHOD_NOT_FOUND, `Method not found: ${method} (this server has no ${kind})`);
}

export function catalogueHandlers(
  catalogue: McpCatalogue,
  mcp: McpConfig,
  states: RequestStates,
): CatalogueHandlers {
  const cached = { resultType: 'complete', ttlMs: mcp.listTtlMs, cacheScope: 'private' } as const;
  const prompts = new Map(catalogue.prompts.map((p) => [p.name, p]));
  const index = indexResources(
    catalogue.resources,
    catalogue.resourceTemplates,
    catalogue.uriSchemes,
  );
  const templates = new Map(index.templates.map((t) => [t.entry.uriTemplate, t]));
  return {
    async promptsList() {
      return { prompts: catalogue.prompts.map(listedPrompt), ...cached };
    },
    async promptsGet(params, c) {
      const prompt = findPrompt(prompts, params.name);
      const args = promptArguments(prompt, params.arguments);
      let values = args;
      if (prompt.asksFirst) {
        // Its questions come first (questions.ts): asked as forms, so form elicitation is needed.
        if (!clientAbilities(c.envelope.capabilities).form)
          throw missingCapability({ elicitation: { form: {} } }, 'elicitation');
        const subject = c.subject!;
        const dig = callDigest('prompts/get', prompt.name, args);
        const claims =
          params.requestState === undefined
            ? undefined
            : await states.check(params.requestState, subject, dig);
        const round = { states, maxRounds: mcp.maxRounds, subject, dig, form: true };
        const asked = await answerQuestions(round, prompt.asksFirst, params.inputResponses, claims);
        if (asked.kind === 'ask') return asked.result;
        if (asked.kind !== 'answered')
          throw new McpError(
            INVALID_PARAMS,
            `prompt ${prompt.name} cannot be rendered without ${asked.name}`,
            { name: prompt.name, question: asked.name },
          );
        values = { ...args, ...answerValues(asked.answers) };
      }
      return { ...renderPrompt(prompt, values, catalogue.uriSchemes), resultType: 'complete' };
    },
    async resourcesList() {
      return { resources: catalogue.resources.map(listedResource), ...cached };
    },
    async resourcesTemplatesList() {
      return { resourceTemplates: catalogue.resourceTemplates.map(listedTemplate), ...cached };
    },
    async resourcesRead(params) {
      return { contents: readResource(index, params.uri), ...cached };
    },
    async completionComplete(params) {
      return { completion: complete(prompts, templates, params), resultType: 'complete' };
    },
  };
}
