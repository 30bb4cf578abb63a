// SendMessage's `configuration.taskPushNotificationConfig`: a push config registered with the
// message, for the task it starts or continues, through the same PushConfigs port, checks and
// refusals as CreateTaskPushNotificationConfig (push-configs.ts; interop.md §"A2A push delivery").
// The egress guard is asked before the task starts, so a refused URL starts no task.
import type { HostContext } from '../../context.ts';
import type { PushConfigInput, PushConfigs } from '../../ports/push.ts';
import { A2aError, invalidParams } from './errors.ts';
import { configInput, pushRefusal } from './push-configs.ts';
import type { A2aRequestContext } from './request-context.ts';
import { isJsonMap } from './routing.ts';
import type { SendMessageParams } from './wire.ts';

export interface InlinePush {
  push: PushConfigs;
  input: PushConfigInput;
}

/** The message's push config, checked (shape and egress guard); undefined when it carries none. */
export async function inlinePush(
  ctx: HostContext,
  params: SendMessageParams,
): Promise<InlinePush | undefined> {
  const raw = params.configuration?.taskPushNotificationConfig;
  if (raw === undefined) return undefined;
  if (!isJsonMap(raw))
    throw invalidParams('configuration.taskPushNotificationConfig must be an object');
  const push = ctx.push;
  if (!push) throw new A2aError('PushNotificationNotSupportedError', 'push is not configured');
  const input = configInput(raw);
  await push.check(input.url).catch(pushRefusal);
  return { push, input };
}

/** Registers the checked config on `runId`, pushing what follows `afterSequence`. */
export async function registerInlinePush(
  inline: InlinePush,
  rc: A2aRequestContext,
  runId: string,
  afterSequence: number,
): Promise<void> {
  await inline.push.create(rc.subject, runId, inline.input, afterSequence).catch(pushRefusal);
}
