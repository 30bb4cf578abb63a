// REST request preamble: the OpenWOP-Version header and authentication (run ids are read by the
// handlers' runIdOf, with the tenant rule of DESIGN.md §5 Ids).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Subject } from '../../ports/auth.ts';
import type { HostContext } from '../../context.ts';
import { sendOpenWopError } from '../../http/respond.ts';

export function versionHeaders(ctx: HostContext): Record<string, string> {
  return { 'openwop-version': ctx.config.preferredProtocolVersion };
}

/** Authenticated Subject, or undefined after answering 401/406 itself. */
export async function restPreamble(
  ctx: HostContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Subject | undefined> {
  const h = versionHeaders(ctx);
  const requested = req.headers['openwop-version'];
  if (
    typeof requested === 'string' &&
    requested !== '' &&
    !ctx.config.protocolVersions.includes(requested)
  ) {
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'protocol_version_unsupported',
      `OpenWOP-Version ${requested} is not served`,
      { supported: ctx.config.protocolVersions },
      h,
    );
    return undefined;
  }
  const subject = await ctx.authenticate(req);
  if (!subject) {
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'unauthenticated',
      'a valid bearer API key is required',
      undefined,
      {
        ...h,
        'www-authenticate': 'Bearer',
      },
    );
    return undefined;
  }
  return subject;
}
