// The A2A agent card: public at GET /.well-known/agent-card.json, and the same card as
// GetExtendedAgentCard for an authenticated caller. It lists the interfaces this host routes
// (JSON-RPC at <baseUrl>/a2a/jsonrpc, HTTP+JSON at <baseUrl>/a2a/rest), one entry per offered A2A version, preferred first; URLs are
// built from `config.baseUrl` at request time. Capabilities equal the configuration; one skill per
// routed workflow; one bearer security scheme.
//
// The card fetch honours `A2A-Version`: absent ⇒ the preferred version's card; a version the host
// does not serve ⇒ 400 with the OpenWOP envelope `interop_version_unsupported` (the card URL is not
// an interface URL). Every outcome is recorded as `negotiation.decided` for the caller's tenant, or
// HOST_SCOPE_TENANT when the fetch is unauthenticated.
import type { HostContext } from '../../context.ts';
import { notModified } from '../../http/conditional.ts';
import { sendOpenWopError } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import { decide } from '../../negotiation/decide.ts';
import { NegotiationRecorder, recorderSinks } from '../../negotiation/recorder.ts';
import { ANONYMOUS, type Subject } from '../../ports/auth.ts';
import { sha256Hex } from '../../util/digest.ts';
import { HOST_VERSION } from '../../version.ts';
import { skillModes } from './content-modes.ts';
import { routedSkills } from './routing.ts';
import type { AgentCard } from './wire.ts';

export const AGENT_CARD_PATH = '/.well-known/agent-card.json';
export const JSONRPC_PATH = '/a2a/jsonrpc';
export const HTTP_JSON_PATH = '/a2a/rest';
export const BEARER_SCHEME = 'bearer';

export function offeredA2a(ctx: HostContext) {
  return {
    versions: ctx.config.a2a.versions,
    preferred: ctx.config.a2a.preferredVersion,
    floor: ctx.config.a2a.minimumVersion,
  };
}

/** The card as `subject` sees it (the public card: ANONYMOUS). */
export async function buildAgentCard(ctx: HostContext, subject: Subject): Promise<AgentCard> {
  const skills = await routedSkills(ctx, subject);
  const a2a = ctx.config.a2a;
  const versions = [
    a2a.preferredVersion,
    ...a2a.versions.filter((v) => v !== a2a.preferredVersion),
  ];
  return {
    name: 'wopgen reference host',
    description: 'OpenWOP v2 reference host: each skill runs one workflow as an A2A task.',
    version: HOST_VERSION,
    // JSON-RPC first (clients take the first binding they support), then HTTP+JSON; per binding
    // one entry per offered version, preferred first.
    supportedInterfaces: (
      [
        ['JSONRPC', JSONRPC_PATH],
        ['HTTP+JSON', HTTP_JSON_PATH],
      ] as const
    ).flatMap(([protocolBinding, path]) =>
      versions.map((v) => ({
        url: `${ctx.config.baseUrl}${path}`,
        protocolBinding,
        protocolVersion: v,
      })),
    ),
    capabilities: {
      streaming: a2a.streaming,
      pushNotifications: a2a.pushNotifications,
      extendedAgentCard: true,
    },
    securitySchemes: {
      [BEARER_SCHEME]: {
        httpAuthSecurityScheme: { scheme: 'Bearer', description: 'OpenWOP host API key' },
      },
    },
    securityRequirements: [{ schemes: { [BEARER_SCHEME]: { list: [] } } }],
    defaultInputModes: a2a.defaultInputModes,
    defaultOutputModes: a2a.defaultOutputModes,
    // A skill lists its own modes only where configured; else the defaults hold (content-modes.ts).
    skills: skills.map((w) => {
      const own = a2a.skillModes?.[w.id];
      return {
        id: w.id,
        name: w.id,
        description: w.description,
        tags: ['openwop-workflow'],
        ...(own && skillModes(ctx, w.id)),
      };
    }),
  };
}

/**
 * How long a client may reuse the public card before revalidating it, and on what it varies (the
 * card served depends on `A2A-Version`). Like discovery, the card carries validators: a strong
 * ETag over its bytes and the time those bytes were first served, so a revalidation is a 304.
 */
const CARD_CACHING = { 'cache-control': 'public, max-age=300', vary: 'A2A-Version' };

/** ETag and Last-Modified of a card body; Last-Modified moves only when the bytes change. */
function cardValidators(now: () => Date) {
  let last: { etag: string; lastModified: string } | undefined;
  return {
    validators(body: string) {
      const etag = `"${sha256Hex(body).slice(0, 32)}"`;
      if (last?.etag !== etag) last = { etag, lastModified: now().toUTCString() };
      return last;
    },
  };
}

export function cardRoutes(ctx: HostContext): Route[] {
  const cache = cardValidators(ctx.now);
  return [
    {
      method: 'GET',
      path: AGENT_CARD_PATH,
      async handler(req, res) {
        const header = req.headers['a2a-version'];
        const requested = typeof header === 'string' && header !== '' ? header : undefined;
        const subject = await ctx.authenticate(req);
        const decision = decide(ctx.contract.negotiation, 'a2a', offeredA2a(ctx), {
          ...(requested !== undefined ? { requested } : {}),
          authenticated: subject !== undefined,
        });
        // The card fetch is its own exchange: recorded under the caller's tenant, or the host's.
        const negotiation = new NegotiationRecorder(recorderSinks(ctx), 'a2a', ctx.peerOrigin(req));
        negotiation.subject = subject;
        negotiation.decision = decision;
        await negotiation.finish();
        if (decision.outcome === 'refused') {
          return sendOpenWopError(
            ctx.contract.errors,
            res,
            'interop_version_unsupported',
            `A2A version ${requested ?? ''} is not served`,
            { supportedVersions: ctx.config.a2a.versions, reason: decision.reason },
          );
        }
        const body = JSON.stringify(await buildAgentCard(ctx, ANONYMOUS));
        const v = cache.validators(body);
        const headers = { etag: v.etag, 'last-modified': v.lastModified, ...CARD_CACHING };
        if (notModified(req, v)) return void res.writeHead(304, headers).end();
        res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(body);
      },
    },
  ];
}
