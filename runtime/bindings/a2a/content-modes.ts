// The media types a skill takes and gives (the card's `defaultInputModes`/`defaultOutputModes`,
// narrowed per skill by `config.a2a.skillModes`), and the request-time check the error map asks
// for: a part whose media type, or a client's `acceptedOutputModes` list, the skill cannot handle
// is ContentTypeNotSupportedError (-32005; spec/interop-map.json a2a/errors ContentTypeNotSupported).
import type { HostContext } from '../../context.ts';
import { A2aError } from './errors.ts';
import type { Message, Part } from './wire.ts';

export interface SkillModes {
  inputModes: string[];
  outputModes: string[];
}

/** The modes of `workflowId`: its own where configured, else the card's defaults. */
export function skillModes(ctx: HostContext, workflowId: string): SkillModes {
  const a2a = ctx.config.a2a;
  const own = a2a.skillModes?.[workflowId];
  return {
    inputModes: own?.inputModes ?? a2a.defaultInputModes,
    outputModes: own?.outputModes ?? a2a.defaultOutputModes,
  };
}

/**
 * A part's media type: its `mediaType` when set, else what its member is (a data part is JSON, a
 * text part plain text, a file part — `raw` or `url` — opaque bytes).
 */
export function partMediaType(p: Part): string {
  if (typeof p.mediaType === 'string' && p.mediaType !== '') return p.mediaType;
  if ('data' in p && p.data !== undefined) return 'application/json';
  if ('text' in p && typeof p.text === 'string') return 'text/plain';
  return 'application/octet-stream';
}

/** `type/subtype` in lower case, parameters dropped (`text/plain; charset=utf-8` is text/plain). */
function essence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/** Whether a mode (`*\/*`, `type/*` or an exact type) covers `mediaType`; wildcards match either way. */
function covers(mode: string, mediaType: string): boolean {
  const [mt, ms] = essence(mode).split('/');
  const [t, s] = essence(mediaType).split('/');
  if (mt === '*' || t === '*') return true;
  return mt === t && (ms === '*' || s === '*' || ms === s);
}

const acceptedBy = (modes: readonly string[], mediaType: string) =>
  modes.some((m) => covers(m, mediaType));

/** Refuses (-32005) a message the skill cannot take, or an output list it cannot meet. */
export function checkContentTypes(
  ctx: HostContext,
  workflowId: string,
  message: Message,
  acceptedOutputModes: readonly string[] | undefined,
): void {
  const modes = skillModes(ctx, workflowId);
  message.parts.forEach((p, i) => {
    const type = partMediaType(p);
    if (!acceptedBy(modes.inputModes, type)) {
      throw new A2aError(
        'ContentTypeNotSupportedError',
        `message.parts[${i}]: skill ${workflowId} does not accept ${type} (accepts ${modes.inputModes.join(', ')})`,
      );
    }
  });
  // An empty list is the official client's default (CLIENTS.md §1): no constraint.
  if (acceptedOutputModes && acceptedOutputModes.length > 0) {
    if (!acceptedOutputModes.some((a) => acceptedBy(modes.outputModes, a))) {
      throw new A2aError(
        'ContentTypeNotSupportedError',
        `configuration.acceptedOutputModes: skill ${workflowId} answers only in ${modes.outputModes.join(', ')}`,
      );
    }
  }
}
