// What a host declares about the effects it performs outside itself (GET /host/effect-seams):
// the manifest as served, and one seam as a part of the host (its engine, a binding) lists it.
import type { operations } from '@wopgen/generated/types/openapi';

/** The effect-seam manifest (getEffectSeamManifest 200). */
export type EffectSeamManifest =
  operations['getEffectSeamManifest']['responses'][200]['content']['application/json'];

/** One outbound effect: its dotted id, how it leaves the host, and how a re-run avoids it. */
export type EffectSeam = EffectSeamManifest['seams'][number];
