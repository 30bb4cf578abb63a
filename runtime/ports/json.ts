// JSON values as the ports carry them: what crosses a port is plain data, never a class instance.
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object whose members are not known statically (workflow inputs, outputs, schemas). */
export type JsonObject = Record<string, unknown>;
