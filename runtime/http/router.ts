// A small path router: templates like `/runs/{runId}:cancel` become anchored regular expressions;
// each parameter matches one path segment (no `/`). First match in registration order wins.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { noteRoute } from './request-log.ts';

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
  url: URL,
) => Promise<void> | void;

export interface Route {
  method: string;
  path: string;
  handler: Handler;
}

interface Compiled extends Route {
  regex: RegExp;
  names: string[];
}

export class Router {
  private readonly routes: Compiled[] = [];

  add(route: Route): this {
    const names: string[] = [];
    const source = route.path
      .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .map((part) => {
        const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1]!);
        // A parameter never spans `/`, nor swallows a `:verb` suffix written after it.
        return '([^/:]+)';
      })
      .join('');
    // The request log names the template that served a request, never the ids in its path.
    const handler: Handler = (req, res, params, url) => {
      noteRoute(req, route.path);
      return route.handler(req, res, params, url);
    };
    this.routes.push({ ...route, handler, regex: new RegExp(`^${source}$`), names });
    return this;
  }

  addAll(routes: Route[]): this {
    for (const r of routes) this.add(r);
    return this;
  }

  /** The handler for a request, or which methods the path allows (for 405), or nothing (404). */
  match(
    method: string,
    pathname: string,
  ): { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.regex.exec(pathname);
      if (!m) continue;
      if (r.method !== method) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => (params[n] = m[i + 1]!));
      return { route: r, params };
    }
    return allowed.length > 0 ? { allowed } : undefined;
  }
}
