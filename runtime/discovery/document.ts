// The discovery document at /.well-known/openwop: a closed v2 document (never
// `supportedTransports`, `grpc` or a root `profiles`; interop.md §REST is the wire), checked by the
// generated validator before it is served, with a strong ETag over its bytes.
import { createHash } from 'node:crypto';
import { negotiationTables } from '../../generated/negotiation/tables.ts';
import type { DiscoveryDocument } from '../../generated/types/openapi.ts';
import { validateDiscoveryDocument } from '../../generated/validators/standalone.js';
import type { HostConfig } from '../config.ts';

export interface DiscoveryInputs {
  config: HostConfig;
  implementation: { name: string; version: string };
  a2aRefreshedAt: string;
  fixtures: string[];
  agentCardUrl: string;
}

export interface ServedDocument {
  body: string;
  etag: string;
  document: DiscoveryDocument;
}

export function buildDiscovery(inputs: DiscoveryInputs): ServedDocument {
  const { config } = inputs;
  const a2a = config.a2a;
  const document: DiscoveryDocument = {
    protocolVersions: config.protocolVersions,
    preferredVersion: config.preferredProtocolVersion,
    implementation: inputs.implementation,
    a2a: {
      versions: a2a.versions as [string, ...string[]],
      preferredVersion: a2a.preferredVersion,
      minimumVersion: a2a.minimumVersion,
      refreshedAt: inputs.a2aRefreshedAt,
      profiles: a2a.versions.map((v) => `a2a-${v}`),
      agentCardUrl: inputs.agentCardUrl,
      streaming: a2a.streaming,
      pushNotifications: a2a.pushNotifications,
      durableTasks: a2a.durableTasks,
    },
    // Every host serving A2A or MCP inbound lists the audit record as durable (interop.md).
    hostEvents: { types: [{ type: 'negotiation.decided', delivery: 'durable' }] },
    runList: { maxPageSize: 100, filters: ['workflowId', 'status'] },
    agents: { manifestRuntime: false, inventory: true },
    fixtures: [...inputs.fixtures].sort(),
  };
  for (const profile of document.a2a!.profiles ?? []) {
    if (!negotiationTables.a2a.profilePattern?.test(profile))
      throw new Error(`profile ${profile} is not valid`);
  }
  if (!validateDiscoveryDocument(document)) {
    throw new Error(
      `discovery document fails its schema: ${JSON.stringify(validateDiscoveryDocument.errors)}`,
    );
  }
  const body = JSON.stringify(document);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag, document };
}
