// Push configs and secrets as a release before sealing stored them (secrets as clear JSON), for
// the migration tests of both stores.
import type { PushSecret } from '../../runtime/ports/store/push-store.ts';
import { owner } from './subjects.ts';

export const CLEAR_SECRETS: Record<string, PushSecret> = {
  'sec-before-token-0000000000001': { token: 'clear-token-before-sealing-4f1a' },
  'sec-before-creds-0000000000002': { credentials: 'clear-creds-before-sealing-8b2c' },
};

/** A push_configs row (both stores' columns) of `runId` holding `secretRef`. */
export function pushConfigRow(runId: string, secretRef: string): Record<string, string | number> {
  return {
    config_id: `pnc-${secretRef}`,
    run_id: runId,
    tenant: 'acme',
    owner: JSON.stringify(owner('acme')),
    url: 'https://push.example/hook',
    scheme: secretRef.includes('token') ? 'Bearer' : 'Basic',
    secret_ref: secretRef,
    cursor: 0,
    finished: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}
