// GET /.well-known/openwop: unauthenticated, conditional on its ETag (304 when unchanged).
import { notModified } from '../../http/conditional.ts';
import { sendOpenWopError } from '../../http/respond.ts';
import type { Route } from '../../http/router.ts';
import type { HostContext } from '../../context.ts';

export function discoveryRoutes(ctx: HostContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/.well-known/openwop',
      handler(req, res) {
        let served;
        try {
          served = ctx.discovery();
        } catch (err) {
          ctx.log.error({ err }, 'discovery document unavailable');
          sendOpenWopError(res, 'runner_unavailable', 'the discovery document is not available');
          return;
        }
        const headers = {
          etag: served.etag,
          'cache-control': 'no-cache',
          'openwop-version': ctx.config.preferredProtocolVersion,
        };
        if (notModified(req, { etag: served.etag })) {
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(served.body);
      },
    },
  ];
}
