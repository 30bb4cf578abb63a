/** What a check refuses: the field (its path in the request) and why. */
export interface RequestRefusal {
    field: string;
    message: string;
}
/** Typed params, or the refusal. */
export type RequestCheck<T> = (value: unknown) => {
    ok: true;
    value: T;
} | {
    ok: false;
    refusal: RequestRefusal;
};
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
export type ProtoShapes = Readonly<Record<string, {
    open: boolean;
    fields: Readonly<Record<string, readonly [proto: string, message: string | null, many: boolean]>>;
}>>;
type Reading = {
    ok: true;
    value: unknown;
} | {
    ok: false;
    refusal: RequestRefusal;
};
/** A check from ajv's standalone validator, its fields named under `root`, after `read`. */
export declare function checkOf<T>(validate: RawValidator, root: string, read?: (value: unknown) => Reading): RequestCheck<T>;
/**
 * The ProtoJSON reading of a request message of definition `root`: members under their proto
 * field names are renamed to their JSON names, the same member under both is refused, and so is a
 * member that is neither name of a definition that names its members. The value is copied only
 * where a member is renamed; the request's own objects are never changed.
 */
export declare function protoJson(shapes: ProtoShapes, root: string): (value: unknown) => Reading;
export {};
