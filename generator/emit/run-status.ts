// The RunSnapshot status enum as a union, the one every projection is exhaustive over.
import type { SpecModel } from '../model/ir.ts';
import { lit, unionOf, type EmittedFile } from './source-file.ts';

export function emitRunStatus(model: SpecModel, openapiFile: string): EmittedFile {
  const body = [
    `/** Source: ${openapiFile}#/components/schemas/RunSnapshot/properties/status */`,
    `export type RunStatus = ${unionOf(model.runStatuses)};`,
    `export const runStatuses: readonly RunStatus[] = ${lit(model.runStatuses)};`,
    '',
    `/** Statuses whose A2A projection is a terminal task state. */`,
    `export type TerminalRunStatus = ${unionOf(model.terminalStatuses)};`,
    `export const terminalRunStatuses: readonly TerminalRunStatus[] = ${lit(model.terminalStatuses)};`,
    '',
    `export function isRunStatus(value: string): value is RunStatus {`,
    `  return (runStatuses as readonly string[]).includes(value);`,
    `}`,
    '',
    `export function isTerminalRunStatus(status: RunStatus): status is TerminalRunStatus {`,
    `  return (terminalRunStatuses as readonly string[]).includes(status);`,
    `}`,
  ].join('\n');
  return { path: 'run-status.ts', from: [openapiFile], body, parser: 'typescript' };
}
