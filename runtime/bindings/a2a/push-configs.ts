// The push-config rows (Create/Get/List/Delete TaskPushNotificationConfig) over the PushConfigs
// port (interop.md §"A2A push delivery"). Isolation: a config read or delete on a task the caller
// cannot read, or naming a `configId` that is not that task's, answers exactly as an unknown id —
// the one TaskNotFound answer every miss shares. Delete is idempotent. Responses never carry the
// token or the credentials; only the scheme.
import type { A2aHandlers } from '@wopgen/generated/a2a/operations';
import {
  PushConfigLimit,
  PushUrlRefused,
  type PushConfigInput,
  type PushConfigView,
} from '../../ports/push.ts';
import { A2aError, invalidParams, taskNotFound } from './errors.ts';
import {
  lastSequence,
  requireTaskView,
  runIdOf,
  type A2aDeps,
  type A2aRequestContext,
} from './request-context.ts';
import { isJsonMap } from './routing.ts';
import type { Io, JsonMap, PushConfigParams } from './wire.ts';

type PushHandlers = Pick<
  A2aHandlers<A2aRequestContext, Io>,
  | 'createTaskPushNotificationConfig'
  | 'getTaskPushNotificationConfig'
  | 'listTaskPushNotificationConfigs'
  | 'deleteTaskPushNotificationConfig'
>;

/** The wire TaskPushNotificationConfig of a stored config (no token, no credentials); `taskId` is
 * the raw `Task.id`, whichever form (`%2F`, `~2F`, raw) the request named the task in. */
export function wireConfig(v: PushConfigView, taskId: string): JsonMap {
  const c: JsonMap = { id: v.configId, taskId, url: v.url };
  if (v.scheme !== undefined) c['authentication'] = { scheme: v.scheme };
  return c;
}

function optionalString(p: JsonMap, key: string): string | undefined {
  const v = p[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalidParams(`${key} must be a string`);
  return v;
}

/**
 * The registration a Create carries (flattened TaskPushNotificationConfig), or SendMessage's
 * `configuration.taskPushNotificationConfig` (push-inline.ts).
 */
export function configInput(p: JsonMap): PushConfigInput {
  const url = optionalString(p, 'url');
  if (url === undefined || url === '') throw invalidParams('url is required');
  const input: PushConfigInput = { url };
  const token = optionalString(p, 'token');
  if (token !== undefined && token !== '') input.token = token;
  const auth = p['authentication'];
  if (auth !== undefined) {
    if (!isJsonMap(auth)) throw invalidParams('authentication must be an object');
    const { scheme, credentials } = auth;
    if (typeof scheme !== 'string' || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(scheme)) {
      throw invalidParams('authentication.scheme must be an HTTP authentication scheme');
    }
    if (credentials !== undefined && typeof credentials !== 'string') {
      throw invalidParams('authentication.credentials must be a string');
    }
    input.authentication = { scheme, ...(credentials ? { credentials } : {}) };
  }
  return input;
}

/**
 * A refusal of the PushConfigs port in A2A's shape. A URL the egress guard refuses is a bad
 * parameter. A task already holding the most configs a task may is UnsupportedOperationError:
 * the request is well formed and the host supports push, but not one more config on this task
 * until one is deleted; its FAILED_PRECONDITION status says that the task's state, not the
 * request, must change (A2A 1.0 has no RESOURCE_EXHAUSTED row). `limit` says the cap.
 */
export function pushRefusal(err: unknown): never {
  if (err instanceof PushUrlRefused) throw invalidParams(err.message);
  if (err instanceof PushConfigLimit) {
    throw new A2aError('UnsupportedOperationError', err.message, { limit: String(err.limit) });
  }
  throw err;
}

function configIdOf(p: PushConfigParams): string {
  const id = optionalString(p, 'id');
  if (id === undefined || id === '') throw invalidParams('id (the config id) is required');
  return id;
}

export function pushConfigHandlers(deps: A2aDeps): PushHandlers {
  const configs = () => {
    const push = deps.ctx.push;
    if (!push) throw new A2aError('PushNotificationNotSupportedError', 'push is not configured');
    return push;
  };
  // Every row first proves the caller may read the task (else the one TaskNotFound answer).
  const readable = async (p: PushConfigParams, rc: A2aRequestContext) => {
    const runId = runIdOf(p.taskId);
    await requireTaskView(deps, rc, runId);
    return runId;
  };

  return {
    async createTaskPushNotificationConfig(p, rc) {
      const input = configInput(p);
      const runId = await readable(p, rc);
      const after = await lastSequence(deps, rc, runId);
      const v = await configs().create(rc.subject, runId, input, after).catch(pushRefusal);
      return wireConfig(v, runId);
    },

    async getTaskPushNotificationConfig(p, rc) {
      const configId = configIdOf(p);
      const runId = await readable(p, rc);
      const v = await configs().get(runId, configId);
      if (!v) throw taskNotFound();
      return wireConfig(v, runId);
    },

    async listTaskPushNotificationConfigs(p, rc) {
      const runId = await readable(p, rc);
      const list = await configs().list(runId);
      return { configs: list.map((v) => wireConfig(v, runId)) };
    },

    async deleteTaskPushNotificationConfig(p, rc) {
      const configId = configIdOf(p);
      const runId = await readable(p, rc);
      await configs().delete(runId, configId);
      return {};
    },
  };
}
