// Secrets stay out of the A2A task record: a message answering an interrupt
// whose schema marks a field `writeOnly` or `format: password` is noted in the task history with
// that field replaced (data parts, by schema) and its text parts replaced when the text is the
// answer (routing.ts `interruptValue`). The run itself already stores the redacted value, so
// GetTask, ListTasks and the stream never echo the secret to any key of the tenant.
import { redactSecrets } from '../../util/json-schema.ts';
import type { JsonObject } from '../../ports/json.ts';
import { isJsonMap } from './routing.ts';
import type { Message } from './wire.ts';

export const REDACTED = '[redacted]';

/** Whether `schema` (or one of its properties, at any depth) is a secret. */
export function hasSecret(schema: unknown): boolean {
  if (!isJsonMap(schema)) return false;
  if (schema['writeOnly'] === true || schema['format'] === 'password') return true;
  const props = schema['properties'];
  return isJsonMap(props) && Object.values(props).some(hasSecret);
}

/** The message as the task history may keep it, given the schema of the interrupt it answers. */
export function redactAnswer(message: Message, schema: JsonObject | undefined): Message {
  if (!hasSecret(schema)) return message;
  const parts = message.parts.map((p) => {
    if ('data' in p && p.data !== undefined) {
      return { ...p, data: redactSecrets(schema, p.data) as typeof p.data };
    }
    if (typeof p.text === 'string') return { ...p, text: REDACTED };
    return p;
  });
  return { ...message, parts };
}
