// The reference engine: one implementation of the RunCore port (ports/run-core.ts) over a RunStore
// and a ChangeFeed, with its workflow pack. It serves no protocol; bindings reach it only through
// the port, and only the host composes it.
export { createRunCore, type RunCoreOptions } from './run-core.ts';
export {
  referencePack,
  createRegistry,
  loadWorkflowDir,
  PACK_DIR,
  type WorkflowRegistry,
} from './workflows/index.ts';
export { parseDefinition, type WorkflowDefinition } from './engine/definition.ts';
