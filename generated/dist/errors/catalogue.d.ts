export type OpenWopErrorCode = 'capability_not_provided' | 'capability_required' | 'client_version_unsupported' | 'credential_required' | 'forbidden' | 'id_tenant_mismatch' | 'idempotency_in_flight' | 'idempotency_key_invalid' | 'idempotency_key_mismatch' | 'internal_error' | 'interop_version_unsupported' | 'interrupt_already_resolved' | 'interrupt_cancelled' | 'interrupt_expired' | 'interrupt_not_found' | 'mcp_mrtr_rounds_exceeded' | 'not_found' | 'payload_too_large' | 'protocol_version_mismatch' | 'protocol_version_unsupported' | 'rate_limited' | 'run_already_active' | 'run_forbidden' | 'run_terminal' | 'runner_unavailable' | 'unauthenticated' | 'unsupported_media_type' | 'unsupported_stream_mode' | 'validation_error' | 'webhook_url_rejected';
export declare const errorCatalogue: {
    readonly [C in OpenWopErrorCode]: {
        httpStatus: number;
        retriable: boolean;
    };
};
export interface OpenWopErrorEnvelope {
    error: OpenWopErrorCode;
    message: string;
    details?: Record<string, unknown>;
}
export declare function isOpenWopErrorCode(code: string): code is OpenWopErrorCode;
/** The envelope and the registered HTTP status for `code`. */
export declare function openWopError(code: OpenWopErrorCode, message: string, details?: Record<string, unknown>): {
    httpStatus: number;
    body: OpenWopErrorEnvelope;
};
