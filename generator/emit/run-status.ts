// The RunSnapshot status enum as a union, the one every projection is exhaustive over.
import type { SpecModel } from '../model/ir.ts';
import { doc, lit, unionOf } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import { RUN_STATUS } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitRunStatus(model: SpecModel, openapiFile: string): EmittedFile {
  const m = new TsModule(RUN_STATUS.module);
  const RunStatus = m.use(RUN_STATUS);
  m.add(
    doc(`Source: ${openapiFile}#/components/schemas/RunSnapshot/properties/status`),
    `export type ${RunStatus} = ${unionOf(model.runStatuses)};`,
    `export const runStatuses: readonly ${RunStatus}[] = ${lit(model.runStatuses)};`,
  );
  m.add(
    doc('Statuses whose A2A projection is a terminal task state.'),
    `export type TerminalRunStatus = ${unionOf(model.terminalStatuses)};`,
    `export const terminalRunStatuses: readonly TerminalRunStatus[] = ${lit(model.terminalStatuses)};`,
  );
  m.add(
    `export function isRunStatus(value: string): value is ${RunStatus} {`,
    `  return (runStatuses as readonly string[]).includes(value);`,
    `}`,
  );
  m.add(
    `export function isTerminalRunStatus(status: ${RunStatus}): status is TerminalRunStatus {`,
    `  return (terminalRunStatuses as readonly string[]).includes(status);`,
    `}`,
  );
  return m.file([openapiFile]);
}
