// Sealing the MCP requestState keys at rest (without WOPGEN_MCP_STATE_SECRET
// the HMAC keys sat in clear in the store, so anyone who could read a backup or the database could
// forge requestState for any principal). With a key-encryption key (`mcp.requestStateKek`, from
// WOPGEN_MCP_STATE_KEK: environment only, never a flag, never logged) each key is stored sealed
// (util/seal.ts, the primitive the push secrets share); the store alone then holds nothing that
// signs or verifies a token. Every host of a deployment is given the same KEK, and the ring in the
// store stays shared and rotatable.
//
// A key stored in clear (a host that ran before the KEK was set) is still read, and sealed in place
// (state-keys.ts). A sealed key the host cannot open (no KEK, another KEK) is a start-up error that
// says which variable to set: tokens signed with it could not be verified, nor new ones signed.
import { sealWith, type KeySeal } from '../../util/seal.ts';

export { SealedKeyError, type KeySeal } from '../../util/seal.ts';

/** The derivation and associated data of the first release: keys sealed since still open. */
const MCP_STATE_KEYS = {
  info: 'wopgen mcp state seal v1',
  aad: 'wopgen mcp requestState hmac key',
  noSecret:
    'the MCP requestState keys in the store are sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key they were sealed with',
  wrongSecret:
    'the MCP requestState keys in the store were sealed with another WOPGEN_MCP_STATE_KEK',
};

export function keySeal(kek: string | undefined): KeySeal {
  return sealWith(kek, MCP_STATE_KEYS);
}
