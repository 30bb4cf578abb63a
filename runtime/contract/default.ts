// wopgen's own generated package (generated/, from the bundled spec): the contract a host serves
// when it is given none, and the one the built-in handlers were written against (their members,
// cases and wire shapes are what contract/verify.ts compares a host implementer's package with).
import { contract } from '@wopgen/generated/contract';
import type { ServedContract } from './served.ts';

export const wopgenContract: ServedContract = contract;
