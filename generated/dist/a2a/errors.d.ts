export type A2aErrorName = 'TaskNotFoundError' | 'TaskNotCancelableError' | 'PushNotificationNotSupportedError' | 'UnsupportedOperationError' | 'ContentTypeNotSupportedError' | 'InvalidAgentResponseError' | 'ExtendedAgentCardNotConfiguredError' | 'ExtensionSupportRequiredError' | 'VersionNotSupportedError' | 'InvalidParamsError' | 'ParseError' | 'InvalidRequestError' | 'MethodNotFoundError' | 'InternalError';
export interface A2aErrorRow {
    name: A2aErrorName;
    jsonrpc: number;
    /** HTTP status on the HTTP+JSON binding. */
    http: number;
    /** gRPC status name, also google.rpc.Status.status. */
    grpc: string;
    grpcCode: number;
    /** ErrorInfo reason. */
    reason: string;
    /** The OpenWOP error code a client projects this error to; null for generic JSON-RPC errors. */
    clientProjection: string | null;
    source: string;
}
export declare const A2A_ERROR_DOMAIN = "a2a-protocol.org";
export declare const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";
export declare const a2aErrors: {
    readonly [N in A2aErrorName]: A2aErrorRow;
};
export declare const a2aErrorByCode: ReadonlyMap<number, A2aErrorRow>;
export declare const a2aErrorByReason: ReadonlyMap<string, A2aErrorRow>;
export type ErrorInfo = {
    '@type': typeof ERROR_INFO_TYPE;
    reason: string;
    domain: typeof A2A_ERROR_DOMAIN;
    metadata?: Record<string, string>;
};
export declare function errorInfo(name: A2aErrorName, metadata?: Record<string, string>): ErrorInfo;
export interface JsonRpcErrorObject {
    code: number;
    message: string;
    data: ({
        '@type': string;
    } & Record<string, unknown>)[];
}
/** JSON-RPC `error` member: `data` is an array holding exactly one ErrorInfo. */
export declare function jsonRpcError(name: A2aErrorName, message: string, metadata?: Record<string, string>): JsonRpcErrorObject;
export interface GoogleRpcStatusBody {
    error: {
        code: number;
        status: string;
        message: string;
        details: ({
            '@type': string;
        } & Record<string, unknown>)[];
    };
}
/** HTTP+JSON error: HTTP status and the `google.rpc.Status` body under `error` (A2A §11.6). */
export declare function googleRpcStatus(name: A2aErrorName, message: string, metadata?: Record<string, string>): {
    httpStatus: number;
    body: GoogleRpcStatusBody;
};
