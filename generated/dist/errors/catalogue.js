export const errorCatalogue = {
    /** Source: spec/errors.json#/rows/19 */
    capability_not_provided: { httpStatus: 422, retriable: false },
    /** Source: spec/errors.json#/rows/18 */
    capability_required: { httpStatus: 422, retriable: false },
    /** Source: spec/errors.json#/rows/29 */
    client_version_unsupported: { httpStatus: 426, retriable: false },
    /** Source: spec/errors.json#/rows/20 */
    credential_required: { httpStatus: 422, retriable: false },
    /** Source: spec/errors.json#/rows/2 */
    forbidden: { httpStatus: 403, retriable: false },
    /** Source: spec/errors.json#/rows/3 */
    id_tenant_mismatch: { httpStatus: 403, retriable: false },
    /** Source: spec/errors.json#/rows/14 */
    idempotency_in_flight: { httpStatus: 409, retriable: false },
    /** Source: spec/errors.json#/rows/12 */
    idempotency_key_invalid: { httpStatus: 400, retriable: false },
    /** Source: spec/errors.json#/rows/13 */
    idempotency_key_mismatch: { httpStatus: 409, retriable: false },
    /** Source: spec/errors.json#/rows/27 */
    internal_error: { httpStatus: 500, retriable: true },
    /** Source: spec/errors.json#/rows/15 */
    interop_version_unsupported: { httpStatus: 400, retriable: false },
    /** Source: spec/errors.json#/rows/9 */
    interrupt_already_resolved: { httpStatus: 409, retriable: false },
    /** Source: spec/errors.json#/rows/10 */
    interrupt_cancelled: { httpStatus: 410, retriable: false },
    /** Source: spec/errors.json#/rows/11 */
    interrupt_expired: { httpStatus: 410, retriable: false },
    /** Source: spec/errors.json#/rows/6 */
    interrupt_not_found: { httpStatus: 404, retriable: false },
    /** Source: spec/errors.json#/rows/21 */
    mcp_mrtr_rounds_exceeded: { httpStatus: 422, retriable: false },
    /** Source: spec/errors.json#/rows/5 */
    not_found: { httpStatus: 404, retriable: false },
    /** Source: spec/errors.json#/rows/22 */
    payload_too_large: { httpStatus: 413, retriable: false },
    /** Source: spec/errors.json#/rows/17 */
    protocol_version_mismatch: { httpStatus: 400, retriable: false },
    /** Source: spec/errors.json#/rows/16 */
    protocol_version_unsupported: { httpStatus: 406, retriable: false },
    /** Source: spec/errors.json#/rows/26 */
    rate_limited: { httpStatus: 429, retriable: true },
    /** Source: spec/errors.json#/rows/8 */
    run_already_active: { httpStatus: 409, retriable: false },
    /** Source: spec/errors.json#/rows/4 */
    run_forbidden: { httpStatus: 403, retriable: false },
    /** Source: spec/errors.json#/rows/7 */
    run_terminal: { httpStatus: 409, retriable: false },
    /** Source: spec/errors.json#/rows/28 */
    runner_unavailable: { httpStatus: 503, retriable: true },
    /** Source: spec/errors.json#/rows/1 */
    unauthenticated: { httpStatus: 401, retriable: false },
    /** Source: spec/errors.json#/rows/23 */
    unsupported_media_type: { httpStatus: 415, retriable: false },
    /** Source: spec/errors.json#/rows/24 */
    unsupported_stream_mode: { httpStatus: 400, retriable: false },
    /** Source: spec/errors.json#/rows/0 */
    validation_error: { httpStatus: 400, retriable: false },
    /** Source: spec/errors.json#/rows/25 */
    webhook_url_rejected: { httpStatus: 400, retriable: false },
};
export function isOpenWopErrorCode(code) {
    return Object.hasOwn(errorCatalogue, code);
}
/** The envelope and the registered HTTP status for `code`. */
export function openWopError(code, message, details) {
    const body = { error: code, message };
    if (details !== undefined)
        body.details = details;
    return { httpStatus: errorCatalogue[code].httpStatus, body };
}
