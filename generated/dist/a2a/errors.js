export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';
export const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';
export const a2aErrors = {
    /** Source: spec/interop-map.json#/a2a/errors/0 */
    TaskNotFoundError: {
        name: 'TaskNotFoundError',
        jsonrpc: -32001,
        http: 404,
        grpc: 'NOT_FOUND',
        grpcCode: 5,
        reason: 'TASK_NOT_FOUND',
        clientProjection: 'not_found',
        source: 'spec/interop-map.json#/a2a/errors/0',
    },
    /** Source: spec/interop-map.json#/a2a/errors/1 */
    TaskNotCancelableError: {
        name: 'TaskNotCancelableError',
        jsonrpc: -32002,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'TASK_NOT_CANCELABLE',
        clientProjection: 'run_terminal',
        source: 'spec/interop-map.json#/a2a/errors/1',
    },
    /** Source: spec/interop-map.json#/a2a/errors/2 */
    PushNotificationNotSupportedError: {
        name: 'PushNotificationNotSupportedError',
        jsonrpc: -32003,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
        clientProjection: 'capability_required',
        source: 'spec/interop-map.json#/a2a/errors/2',
    },
    /** Source: spec/interop-map.json#/a2a/errors/3 */
    UnsupportedOperationError: {
        name: 'UnsupportedOperationError',
        jsonrpc: -32004,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'UNSUPPORTED_OPERATION',
        clientProjection: 'capability_required',
        source: 'spec/interop-map.json#/a2a/errors/3',
    },
    /** Source: spec/interop-map.json#/a2a/errors/4 */
    ContentTypeNotSupportedError: {
        name: 'ContentTypeNotSupportedError',
        jsonrpc: -32005,
        http: 400,
        grpc: 'INVALID_ARGUMENT',
        grpcCode: 3,
        reason: 'CONTENT_TYPE_NOT_SUPPORTED',
        clientProjection: 'validation_error',
        source: 'spec/interop-map.json#/a2a/errors/4',
    },
    /** Source: spec/interop-map.json#/a2a/errors/5 */
    InvalidAgentResponseError: {
        name: 'InvalidAgentResponseError',
        jsonrpc: -32006,
        http: 500,
        grpc: 'INTERNAL',
        grpcCode: 13,
        reason: 'INVALID_AGENT_RESPONSE',
        clientProjection: 'validation_error',
        source: 'spec/interop-map.json#/a2a/errors/5',
    },
    /** Source: spec/interop-map.json#/a2a/errors/6 */
    ExtendedAgentCardNotConfiguredError: {
        name: 'ExtendedAgentCardNotConfiguredError',
        jsonrpc: -32007,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
        clientProjection: 'not_found',
        source: 'spec/interop-map.json#/a2a/errors/6',
    },
    /** Source: spec/interop-map.json#/a2a/errors/7 */
    ExtensionSupportRequiredError: {
        name: 'ExtensionSupportRequiredError',
        jsonrpc: -32008,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'EXTENSION_SUPPORT_REQUIRED',
        clientProjection: 'validation_error',
        source: 'spec/interop-map.json#/a2a/errors/7',
    },
    /** Source: spec/interop-map.json#/a2a/errors/8 */
    VersionNotSupportedError: {
        name: 'VersionNotSupportedError',
        jsonrpc: -32009,
        http: 400,
        grpc: 'FAILED_PRECONDITION',
        grpcCode: 9,
        reason: 'VERSION_NOT_SUPPORTED',
        clientProjection: 'interop_version_unsupported',
        source: 'spec/interop-map.json#/a2a/errors/8',
    },
    /** Source: spec/interop-map.json#/a2a/errors/9 */
    InvalidParamsError: {
        name: 'InvalidParamsError',
        jsonrpc: -32602,
        http: 400,
        grpc: 'INVALID_ARGUMENT',
        grpcCode: 3,
        reason: 'INVALID_PARAMS',
        clientProjection: 'validation_error',
        source: 'spec/interop-map.json#/a2a/errors/9',
    },
    /** Source: JSON-RPC 2.0 §5.1 */
    ParseError: {
        name: 'ParseError',
        jsonrpc: -32700,
        http: 400,
        grpc: 'INVALID_ARGUMENT',
        grpcCode: 3,
        reason: 'PARSE_ERROR',
        clientProjection: null,
        source: 'JSON-RPC 2.0 §5.1',
    },
    /** Source: JSON-RPC 2.0 §5.1 */
    InvalidRequestError: {
        name: 'InvalidRequestError',
        jsonrpc: -32600,
        http: 400,
        grpc: 'INVALID_ARGUMENT',
        grpcCode: 3,
        reason: 'INVALID_REQUEST',
        clientProjection: null,
        source: 'JSON-RPC 2.0 §5.1',
    },
    /** Source: JSON-RPC 2.0 §5.1 */
    MethodNotFoundError: {
        name: 'MethodNotFoundError',
        jsonrpc: -32601,
        http: 400,
        grpc: 'UNIMPLEMENTED',
        grpcCode: 12,
        reason: 'METHOD_NOT_FOUND',
        clientProjection: null,
        source: 'JSON-RPC 2.0 §5.1',
    },
    /** Source: JSON-RPC 2.0 §5.1 */
    InternalError: {
        name: 'InternalError',
        jsonrpc: -32603,
        http: 500,
        grpc: 'INTERNAL',
        grpcCode: 13,
        reason: 'INTERNAL_ERROR',
        clientProjection: null,
        source: 'JSON-RPC 2.0 §5.1',
    },
};
export const a2aErrorByCode = new Map(Object.values(a2aErrors).map((r) => [r.jsonrpc, r]));
export const a2aErrorByReason = new Map(Object.values(a2aErrors).map((r) => [r.reason, r]));
export function errorInfo(name, metadata) {
    const info = {
        '@type': ERROR_INFO_TYPE,
        reason: a2aErrors[name].reason,
        domain: A2A_ERROR_DOMAIN,
    };
    if (metadata && Object.keys(metadata).length > 0)
        info.metadata = metadata;
    return info;
}
/** JSON-RPC `error` member: `data` is an array holding exactly one ErrorInfo. */
export function jsonRpcError(name, message, metadata) {
    return { code: a2aErrors[name].jsonrpc, message, data: [errorInfo(name, metadata)] };
}
/** HTTP+JSON error: HTTP status and the `google.rpc.Status` body under `error` (A2A §11.6). */
export function googleRpcStatus(name, message, metadata) {
    const row = a2aErrors[name];
    return {
        httpStatus: row.http,
        body: {
            error: { code: row.http, status: row.grpc, message, details: [errorInfo(name, metadata)] },
        },
    };
}
