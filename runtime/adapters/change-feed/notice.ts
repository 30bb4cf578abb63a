// The payload of one change notification on the `wopgen_changes` channel (postgres.ts): the
// sending host's instance id (a host skips its own echo), the topic, and for a run whether the
// change inserted it (no push config can name a run before its insert commits, so that change
// needs no push lookup on any host: adapters/push/deliverer.ts).
import type { ChangeTopic } from '../../ports/change-feed.ts';

export const CHANNEL = 'wopgen_changes';

/** The notice a host sends for `topic`. */
export function encodeNotice(instance: string, topic: ChangeTopic): string {
  if (topic.kind === 'host') return JSON.stringify([instance, 'host', topic.tenant]);
  const notice = [instance, 'run', topic.runId];
  return JSON.stringify(topic.created ? [...notice, 1] : notice);
}

/** The sender and topic of a notice; undefined for a payload that is not one of ours. */
export function decodeNotice(
  payload: string | undefined,
): { instance: string; topic: ChangeTopic } | undefined {
  try {
    const [instance, kind, id, created] = JSON.parse(payload ?? '') as unknown[];
    if (typeof instance !== 'string' || typeof id !== 'string') return undefined;
    if (kind === 'run')
      return {
        instance,
        topic: created === 1 ? { kind, runId: id, created: true } : { kind, runId: id },
      };
    if (kind === 'host') return { instance, topic: { kind, tenant: id } };
  } catch {
    // Not ours (another program notifying on the channel): ignore it.
  }
  return undefined;
}
