// The RunSnapshot status enum as a union, the one every projection is exhaustive over.
import type { SpecModel } from '../model/ir.ts';
import { doc, lit, unionOf } from './code/literals.ts';
import { cast, code, constant, fn, types } from './code/declarations.ts';
import { TsModule } from './code/module.ts';
import { RUN_STATUS } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitRunStatus(model: SpecModel, openapiFile: string): EmittedFile {
  const m = new TsModule(RUN_STATUS.module);
  const RunStatus = m.use(RUN_STATUS);
  m.add(
    types(
      doc(`Source: ${openapiFile}#/components/schemas/RunSnapshot/properties/status`),
      `export type ${RunStatus} = ${unionOf(model.runStatuses)};`,
    ),
    constant({
      name: 'runStatuses',
      type: `readonly ${RunStatus}[]`,
      value: [lit(model.runStatuses)],
    }),
  );
  m.add(
    types(
      doc('Statuses whose A2A projection is a terminal task state.'),
      `export type TerminalRunStatus = ${unionOf(model.terminalStatuses)};`,
    ),
    constant({
      name: 'terminalRunStatuses',
      type: 'readonly TerminalRunStatus[]',
      value: [lit(model.terminalStatuses)],
    }),
  );
  m.add(
    fn({
      name: 'isRunStatus',
      params: [['value', 'string']],
      returns: `value is ${RunStatus}`,
      body: [code`  return ${cast('runStatuses', 'readonly string[]')}.includes(value);`],
    }),
  );
  m.add(
    fn({
      name: 'isTerminalRunStatus',
      params: [['status', RunStatus]],
      returns: 'status is TerminalRunStatus',
      body: [code`  return ${cast('terminalRunStatuses', 'readonly string[]')}.includes(status);`],
    }),
  );
  return m.file([openapiFile]);
}
