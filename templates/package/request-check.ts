// The checks every request validator of this package runs (validators/requests.ts): ajv's verdict
// turned into typed params or a refusal that names the field, and, for A2A, the ProtoJSON reading
// of a request message: A2A 1.0's JSON is the ProtoJSON mapping of its proto, whose parsers accept
// a member under its JSON name (lowerCamelCase) or its proto field name (snake_case), and refuse a
// member that is neither. wopgen writes this file as it is into every package.

/** What a check refuses: the field (its path in the request) and why. */
export interface RequestRefusal {
  field: string;
  message: string;
}

/** Typed params, or the refusal. */
export type RequestCheck<T> = (
  value: unknown,
) => { ok: true; value: T } | { ok: false; refusal: RequestRefusal };

interface RawError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

interface RawValidator {
  (data: unknown): boolean;
  errors?: RawError[] | null;
}

/**
 * Per wire definition: whether it takes members it does not name (a map), and per member its
 * proto field name, the definition of its value when that is a message, and whether it repeats.
 */
export type ProtoShapes = Readonly<
  Record<
    string,
    {
      open: boolean;
      fields: Readonly<
        Record<string, readonly [proto: string, message: string | null, many: boolean]>
      >;
    }
  >
>;

type Reading = { ok: true; value: unknown } | { ok: false; refusal: RequestRefusal };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `a.b[0].c` from a JSON pointer, under `root` (`params`, or nothing). */
function pathOf(root: string, pointer: string): string {
  let out = root;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(seg) ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  }
  return out;
}

/** How a refusal names a JSON type it requires. */
const TYPES: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
};

/** How a refusal names a string format it requires. */
const FORMATS: Readonly<Record<string, string>> = {
  'date-time': 'an RFC 3339 timestamp',
  date: 'an RFC 3339 date',
  uri: 'an absolute URI',
  email: 'an e-mail address',
  uuid: 'a UUID',
};

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** The refusal of ajv's errors: the most specific (deepest) failure, named by its field. */
function refusalOf(errors: readonly RawError[], root: string): RequestRefusal {
  let e = errors[0];
  for (const x of errors) if (e && x.instancePath.length > e.instancePath.length) e = x;
  if (!e) return { field: root, message: `${root || 'params'} is not valid` };
  const at = pathOf(root, e.instancePath);
  const named = at || root || 'params';
  const p = e.params;
  switch (e.keyword) {
    case 'required': {
      const field = join(at, String(p['missingProperty']));
      return { field, message: `${field} is required` };
    }
    case 'additionalProperties': {
      const field = join(at, String(p['additionalProperty']));
      return { field, message: `${field} is not a field of ${named}` };
    }
    case 'false schema':
      return { field: named, message: `${named} is not allowed here` };
    case 'enum':
      return {
        field: named,
        message: `${named} must be one of ${(p['allowedValues'] as unknown[]).map(String).join(', ')}`,
      };
    case 'const':
      return { field: named, message: `${named} must be ${JSON.stringify(p['allowedValue'])}` };
    case 'format': {
      const format = String(p['format']);
      return { field: named, message: `${named} must be ${FORMATS[format] ?? `a ${format}`}` };
    }
    case 'type':
      return { field: named, message: `${named} must be ${TYPES[String(p['type'])] ?? p['type']}` };
    default:
      return { field: named, message: `${named} ${e.message ?? 'is not valid'}` };
  }
}

/** A check from ajv's standalone validator, its fields named under `root`, after `read`. */
export function checkOf<T>(
  validate: RawValidator,
  root: string,
  read?: (value: unknown) => Reading,
): RequestCheck<T> {
  return (input) => {
    let value = input;
    if (read) {
      const r = read(input);
      if (!r.ok) return r;
      value = r.value;
    }
    if (validate(value)) return { ok: true, value: value as T };
    return { ok: false, refusal: refusalOf(validate.errors ?? [], root) };
  };
}

/** Sets a member as data, whatever its name (`__proto__` included). */
function put(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The ProtoJSON reading of a request message of definition `root`: members under their proto
 * field names are renamed to their JSON names, the same member under both is refused, and so is a
 * member that is neither name of a definition that names its members. The value is copied only
 * where a member is renamed; the request's own objects are never changed.
 */
export function protoJson(shapes: ProtoShapes, root: string): (value: unknown) => Reading {
  const protoNames = new Map<string, Map<string, string>>();
  const jsonNameOf = (def: string, key: string): string | undefined => {
    let names = protoNames.get(def);
    if (!names) {
      names = new Map();
      for (const [json, [proto]] of Object.entries(shapes[def]!.fields))
        if (proto !== json) names.set(proto, json);
      protoNames.set(def, names);
    }
    return names.get(key);
  };
  // Runs on every A2A request: nothing is allocated unless a member is renamed (or one below it).
  const walk = (value: unknown, def: string, path: string): Reading => {
    const shape = shapes[def];
    if (!shape || !isObject(value)) return { ok: true, value };
    const keys = Object.keys(value);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      let name = key;
      if (!Object.hasOwn(shape.fields, key)) {
        const json = jsonNameOf(def, key);
        if (json === undefined) {
          if (!shape.open) {
            const field = join(path, key);
            return {
              ok: false,
              refusal: { field, message: `${field} is not a field of ${def}` },
            };
          }
          if (out) put(out, key, value[key]);
          continue;
        }
        if (Object.hasOwn(value, json)) {
          const field = join(path, json);
          return {
            ok: false,
            refusal: { field, message: `${field} is given twice (as ${json} and as ${key})` },
          };
        }
        name = json;
      }
      const [, message, many] = shape.fields[name]!;
      let member = value[key];
      if (message !== null) {
        const at = join(path, name);
        if (many && Array.isArray(member)) {
          let items: unknown[] | undefined;
          for (let j = 0; j < member.length; j++) {
            const r = walk(member[j], message, `${at}[${j}]`);
            if (!r.ok) return r;
            if (!items && r.value !== member[j]) items = member.slice(0, j);
            items?.push(r.value);
          }
          if (items) member = items;
        } else if (!many) {
          const r = walk(member, message, at);
          if (!r.ok) return r;
          member = r.value;
        }
      }
      // The first change copies the members before it, which were kept as they are.
      if (!out && (name !== key || member !== value[key])) {
        out = {};
        for (let j = 0; j < i; j++) put(out, keys[j]!, value[keys[j]!]);
      }
      if (out) put(out, name, member);
    }
    return { ok: true, value: out ?? value };
  };
  return (value) => walk(value, root, '');
}
