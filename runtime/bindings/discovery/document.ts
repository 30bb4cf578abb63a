// The discovery document at /.well-known/openwop: a closed v2 document (never
// `supportedTransports`, `grpc` or a root `profiles`; interop.md §REST is the wire), checked by the
// generated validator before it is served, with a strong ETag over its bytes.
import { createHash } from 'node:crypto';
import type { McpFacet } from '@wopgen/generated/types/facets';
import type { DiscoveryDocument } from '@wopgen/generated/types/openapi';
import type { HostConfig } from '../../config.ts';
import type { ServedContract } from '../../contract/served.ts';

export interface DiscoveryInputs {
  /** Its profile patterns, required features and validator: the served contract's. */
  contract: ServedContract;
  config: HostConfig;
  implementation: { name: string; version: string };
  a2aRefreshedAt: string;
  /** The mcp facet's `refreshedAt`; the facet is advertised only when given (runtime/bindings/mcp). */
  mcpRefreshedAt?: string;
  fixtures: string[];
  agentCardUrl: string;
}

export interface ServedDocument {
  body: string;
  etag: string;
  document: DiscoveryDocument;
}

/** The `mcp` facet (interop.md §The facets): the server mount at <baseUrl>/mcp and over stdio. */
function mcpFacet(config: HostConfig, refreshedAt: string): McpFacet {
  const mcp = config.mcp;
  return {
    revisions: mcp.revisions as [string, ...string[]],
    preferredVersion: mcp.preferredVersion,
    minimumRevision: mcp.minimumRevision,
    refreshedAt,
    profiles: mcp.revisions.map((r) => `mcp-${r}`),
    features: [...mcp.features],
    serverUrls: [`${config.baseUrl}/mcp`],
    serverMount: { transports: [...mcp.transports] },
    mrtr: { maxRounds: mcp.maxRounds },
  };
}

export function buildDiscovery(inputs: DiscoveryInputs): ServedDocument {
  const { config, contract } = inputs;
  const { tables } = contract.negotiation;
  const validateDiscoveryDocument = contract.validators.discovery;
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
      ...(a2a.agentCards ? { agentCards: true as const } : {}),
    },
    ...(inputs.mcpRefreshedAt !== undefined
      ? { mcp: mcpFacet(config, inputs.mcpRefreshedAt) }
      : {}),
    // Every host serving A2A or MCP inbound lists the audit record as durable (interop.md).
    hostEvents: { types: [{ type: 'negotiation.decided', delivery: 'durable' }] },
    runList: { maxPageSize: 100, filters: ['workflowId', 'status'] },
    // interop.md §"Per-agent cards": a2a.agentCards goes with agents.manifestRuntime.
    agents: { manifestRuntime: a2a.agentCards, inventory: true },
    fixtures: [...inputs.fixtures].sort(),
  };
  // An egress guard that admits private (operator-listed) or http push receivers says so out loud
  // (interop.md §"A2A push delivery"): a host record under `extensions`, present only when on. It
  // names no network: the list stays the operator's.
  const egress = a2a.push;
  const privateReceivers = egress.allowedCidrs.length > 0;
  if (a2a.pushNotifications && (privateReceivers || egress.allowHttp)) {
    document.extensions = {
      'wopgen.push-egress': { privateReceivers, httpReceivers: egress.allowHttp },
    };
  }
  for (const profile of document.a2a!.profiles ?? []) {
    if (!tables.a2a.profilePattern?.test(profile))
      throw new Error(`profile ${profile} is not valid`);
  }
  for (const profile of document.mcp?.profiles ?? []) {
    if (!tables.mcp.profilePattern?.test(profile))
      throw new Error(`profile ${profile} is not valid`);
    // interop.md §The operation mappings: list every feature the map requires for the profile.
    for (const f of contract.mcp.requiredFeatures(profile)) {
      if (!document.mcp!.features?.includes(f))
        throw new Error(`mcp facet claims ${profile} but does not list feature ${f}`);
    }
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
