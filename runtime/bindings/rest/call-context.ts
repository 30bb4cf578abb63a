// What a REST handler member receives besides its request (rest/router.ts builds it): the caller,
// a signal for the client going away, and the raw headers for what a handler negotiates itself.
import type { IncomingHttpHeaders } from 'node:http';
import type { Subject } from '../../ports/auth.ts';

export interface RestCallContext {
  /** The authenticated caller (every operation that is not `security: []`). */
  subject: Subject;
  /** Aborted when the client goes away (a long poll, an event stream). */
  signal: AbortSignal;
  /** The request headers as sent (conditional requests). */
  headers: IncomingHttpHeaders;
}

/** The context of an operation served without a credential: there is no caller. */
export interface AnonymousCallContext extends Omit<RestCallContext, 'subject'> {
  subject: undefined;
}
