// The diagnostics catalogue: every problem wopgen can report about an input, as data (STYLE.md §3).
// A code's severity is fixed here; messages are built by the rule that reports it.

export type Severity = 'error' | 'warning';

export const catalogue = {
  'input-missing': { severity: 'error', summary: 'a required spec file is missing' },
  'syntax-error': { severity: 'error', summary: 'the file is not valid YAML or JSON' },
  'ref-unresolved': {
    severity: 'error',
    summary: 'a $ref names a file or pointer that does not exist',
  },
  'ref-external': {
    severity: 'warning',
    summary: 'a $ref names an absolute URL no loaded schema declares; it is never fetched',
  },
  'ref-outside': {
    severity: 'error',
    summary: 'a $ref names a file outside the spec folders (directly or through a symlink)',
  },
  'ref-cycle': { severity: 'error', summary: 'a chain of $refs refers back to itself' },
  'map-schema': {
    severity: 'error',
    summary: 'the interop map does not validate against its schema',
  },
  'errors-schema': {
    severity: 'error',
    summary: 'errors.json does not validate against its schema',
  },
  'schema-invalid': {
    severity: 'error',
    summary: 'a JSON Schema of the spec does not validate against the JSON Schema meta-schema',
  },
  'file-schema': {
    severity: 'warning',
    summary: 'a file does not validate against the schema its $schema names',
  },
  'unknown-v2-operation': {
    severity: 'error',
    summary: 'a map row names a v2Operation that is not an operationId of openapi.yaml',
  },
  'unknown-error-code': {
    severity: 'error',
    summary: 'a map row names an error code that is not in errors.json',
  },
  'unknown-run-status': {
    severity: 'error',
    summary: 'a projection row names a run status outside the RunSnapshot status enum',
  },
  'projection-incomplete': {
    severity: 'error',
    summary: 'a RunSnapshot status has no row in a projection that must be total',
  },
  'projection-duplicate': { severity: 'error', summary: 'a projection maps one key twice' },
  'requires-unknown-facet': {
    severity: 'error',
    summary: 'a requires entry names no property of the facet schema',
  },
  'legacy-profile': { severity: 'error', summary: 'a profile id carries the -legacy suffix' },
  'profile-pattern': {
    severity: 'error',
    summary: 'a profile id does not match its facet pattern',
  },
  'duplicate-jsonrpc-code': {
    severity: 'error',
    summary: 'two A2A error rows share a JSON-RPC code',
  },
  'name-collision': { severity: 'error', summary: 'two rows derive the same generated name' },
  'wire-type-missing': {
    severity: 'error',
    summary: "a method of the map has no params or result in its protocol's wire schema",
  },
  'unparsable-http': {
    severity: 'error',
    summary: 'an operation row has an http binding wopgen cannot read',
  },
  'when-unknown': {
    severity: 'error',
    summary: 'an A2A row has a `when` phrase wopgen cannot read into a case',
  },
  'when-overlap': {
    severity: 'error',
    summary: 'two `when` cases of one A2A operation claim the same run status',
  },
  'when-gap': {
    severity: 'warning',
    summary: 'no `when` case of a multi-case A2A operation covers a run status',
  },
  'status-enum-missing': {
    severity: 'error',
    summary: 'the RunSnapshot schema has no status enum to project',
  },
  'event-missing': {
    severity: 'error',
    summary: 'an event the interop layer emits has no payload schema',
  },
  'event-field-missing': {
    severity: 'warning',
    summary: 'an event payload schema lacks a field the interop rules require',
  },
  'discovery-family-missing': {
    severity: 'warning',
    summary: 'the discovery schema has no property for a family the interop rules require',
  },
  'asyncapi-invalid': { severity: 'warning', summary: 'the AsyncAPI parser reported a problem' },
  'openapi-invalid': {
    severity: 'error',
    summary: 'the OpenAPI document cannot be turned into types',
  },
  'mcp-error-disagrees': {
    severity: 'warning',
    summary: 'a map rule names an MCP error code that differs from the pinned revision',
  },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type DiagnosticCode = keyof typeof catalogue;
