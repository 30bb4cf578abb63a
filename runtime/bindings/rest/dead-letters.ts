// The operator's view of push dead letters (interop.md §"A2A push delivery": after its retries a
// push ends as a dead letter the operator can list; A2A clients never see them, so this is a REST
// route of the host, not an operation on the A2A interface URL). `GET /push/dead-letters` lists the
// caller's tenant's dead letters only, oldest first, with the OpenWOP REST preamble (version header,
// bearer authentication, the error envelope). Nothing in it is a secret: a config's token and
// credentials never leave the secret store.
import type { HostContext } from '../../context.ts';
import { sendJson, sendOpenWopError } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import { restPreamble, versionHeaders } from './guard.ts';

export function deadLetterRoutes(ctx: HostContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/push/dead-letters',
      async handler(req, res) {
        const subject = await restPreamble(ctx, req, res);
        if (!subject) return;
        const list = ctx.push?.listDeadLetters;
        if (!list) {
          return sendOpenWopError(
            ctx.contract.errors,
            res,
            'not_found',
            'this host delivers no push notifications',
            undefined,
            versionHeaders(ctx),
          );
        }
        const deadLetters = await list.call(ctx.push, subject.tenant);
        sendJson(res, 200, { deadLetters }, versionHeaders(ctx));
      },
    },
  ];
}
