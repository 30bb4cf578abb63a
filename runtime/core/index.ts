// Public entry of the run core: the port, its reference implementation, errors and the workflow pack.
// It does not serve HTTP, A2A or MCP; those adapters live beside it and call only RunCore.
export type * from './port.ts';
export { createRunCore, type RunCoreOptions } from './run-core.ts';
export { CoreError, isCoreError } from './errors.ts';
export {
  referencePack,
  createRegistry,
  loadWorkflowDir,
  type WorkflowRegistry,
} from './workflows/index.ts';
export { TERMINAL_EVENT_TYPES } from './streams.ts';
