// Which workflow a new A2A task runs (skill routing) and what a message contributes as run inputs
// or as an interrupt answer. Message content is data for the run: it never selects a tenant,
// principal or scope (interop.md §"The operation mappings", Isolation).
//
// Skill selection for a message without taskId:
//   - exactly one routed skill ⇒ that skill;
//   - otherwise `message.metadata.openwop.skill`, else the `skill` member of the first DataPart
//     (then removed from the inputs, since it addressed the host, not the workflow);
//   - a skill that is not routed, or none at all ⇒ InvalidParamsError.
import type { HostContext } from '../../context.ts';
import type { Subject } from '../../ports/auth.ts';
import type { WorkflowView } from '../../ports/workflows.ts';
import { invalidParams } from './errors.ts';
import type { JsonMap, Message } from './wire.ts';

export function isJsonMap(v: unknown): v is JsonMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Routed workflows: `config.a2a.skills` (in that order) or every workflow the core serves `subject`. */
export async function routedSkills(ctx: HostContext, subject: Subject): Promise<WorkflowView[]> {
  const all = await ctx.core.listWorkflows(subject);
  const ids = ctx.config.a2a.skills;
  if (ids === undefined) return all;
  return ids.flatMap((id) => all.filter((w) => w.id === id));
}

/** `message.metadata.openwop` as an object, or undefined. */
export function openwopMetadata(message: Message): JsonMap | undefined {
  const o = message.metadata?.['openwop'];
  return isJsonMap(o) ? o : undefined;
}

export function firstDataObject(message: Message): JsonMap | undefined {
  for (const p of message.parts) {
    if ('data' in p && p.data !== undefined) return isJsonMap(p.data) ? p.data : undefined;
  }
  return undefined;
}

export function joinedText(message: Message): string | undefined {
  const texts = message.parts.flatMap((p) => (typeof p.text === 'string' ? [p.text] : []));
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/**
 * Resolve the skill and the run inputs of a task-creating message; `only` narrows the routed skills
 * to one agent's (a request routed by `tenant`, agent-routing.ts).
 */
export async function routeMessage(
  ctx: HostContext,
  subject: Subject,
  message: Message,
  only?: (workflowId: string) => boolean,
): Promise<{ workflowId: string; inputs: JsonMap }> {
  const all = await routedSkills(ctx, subject);
  const routed = only ? all.filter((w) => only(w.id)) : all;
  const data = firstDataObject(message);
  let inputs: JsonMap;
  if (data) inputs = { ...data };
  else {
    const text = joinedText(message);
    inputs = text === undefined ? {} : { text };
  }
  let skill: string | undefined;
  const fromMeta = openwopMetadata(message)?.['skill'];
  if (typeof fromMeta === 'string') skill = fromMeta;
  else if (data && typeof data['skill'] === 'string' && routed.length !== 1) {
    skill = data['skill'];
    delete inputs['skill'];
  } else if (routed.length === 1) skill = routed[0]!.id;
  if (skill === undefined) {
    throw invalidParams(
      'several skills are routed: name one in message.metadata.openwop.skill or a DataPart "skill"',
    );
  }
  if (!routed.some((w) => w.id === skill)) throw invalidParams(`unknown skill ${skill}`);
  return { workflowId: skill, inputs };
}

/**
 * The value answering an open input interrupt: the first DataPart object; else the joined text,
 * placed under the schema's single string property when the schema has exactly one, else `{text}`.
 */
export function interruptValue(message: Message, schema: JsonMap | undefined): unknown {
  const data = firstDataObject(message);
  if (data) return data;
  const text = joinedText(message);
  if (text === undefined) return undefined;
  const props = isJsonMap(schema?.['properties']) ? schema['properties'] : undefined;
  const names = props ? Object.keys(props) : [];
  if (names.length === 1) {
    const prop = props![names[0]!];
    if (isJsonMap(prop) && prop['type'] === 'string') return { [names[0]!]: text };
  }
  return { text };
}
