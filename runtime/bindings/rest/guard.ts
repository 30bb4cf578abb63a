// REST request preamble: the OpenWOP-Version header, authentication, and run-id parsing with the
// tenant rule (a foreign tenant segment is 403 id_tenant_mismatch on REST; DESIGN.md §5 Ids).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Subject } from '../../ports/auth.ts';
import type { HostContext } from '../../context.ts';
import { isCoreError } from '../../ports/errors.ts';
import { sendOpenWopError } from '../../http/respond.ts';
import { parseWireId, tenantOf } from '../../ids.ts';

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

/** The raw runId of a path segment, or undefined after answering 404/403 itself. */
export function runIdParam(
  ctx: HostContext,
  res: ServerResponse,
  subject: Subject,
  segment: string,
): string | undefined {
  const runId = parseWireId(segment);
  if (!runId) {
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'not_found',
      'no such run',
      undefined,
      versionHeaders(ctx),
    );
    return undefined;
  }
  if (tenantOf(runId) !== subject.tenant) {
    sendOpenWopError(
      ctx.contract.errors,
      res,
      'id_tenant_mismatch',
      'the run id names another tenant',
      undefined,
      versionHeaders(ctx),
    );
    return undefined;
  }
  return runId;
}

/** Maps a CoreError to its registered envelope; anything else is rethrown (the host answers 500). */
export function answerCoreError(ctx: HostContext, res: ServerResponse, err: unknown): void {
  if (!isCoreError(err)) throw err;
  sendOpenWopError(
    ctx.contract.errors,
    res,
    err.code,
    err.message,
    err.details,
    versionHeaders(ctx),
  );
}
