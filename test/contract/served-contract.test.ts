// A host serves the contract it is given, not its own (DESIGN.md §3): a package generated from an
// edited copy of spec/ — a new A2A row, a new REST operation, TaskNotFoundError at HTTP 410 — is
// refused at start-up while its new members have no handler (every one named, with its source),
// and once they are supplied, every binding serves them and answers the package's error statuses.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAtomically } from '../../generator/write.ts';
import { ContractRefused } from '../../runtime/contract/refused.ts';
import type { HostContract } from '../../runtime/contract/served.ts';
import { SpecFixture, projectRoot } from '../helpers/spec-fixture.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { addArtifactRow, withArtifactsOperation } from '../helpers/contract-rows.ts';

type Json = Record<string, unknown>;

/** The spec edits a host implementer makes: an A2A row, a REST operation, a changed status. */
function editSpec(fx: SpecFixture): void {
  addArtifactRow(fx);
  fx.editJson('spec/interop-map.json', (m) => {
    const a2a = m['a2a'] as { errors: Json[] };
    a2a.errors.find((e) => e['upstream'] === 'TaskNotFoundError')!['http'] = 410;
  });
  fx.write('spec/openapi.yaml', withArtifactsOperation(fx.read('spec/openapi.yaml')));
}

describe('a host serving a package generated from an edited spec', () => {
  const fx = new SpecFixture();
  mkdirSync(join(projectRoot, '.tmp'), { recursive: true });
  const work = mkdtempSync(join(projectRoot, '.tmp/served-contract-'));
  let contract: HostContract;

  beforeAll(async () => {
    editSpec(fx);
    const result = await fx.generate();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    writeAtomically(join(work, 'generated'), result.files!);
    const mod = (await import(pathToFileURL(join(work, 'generated/dist/contract.js')).href)) as {
      contract: HostContract;
    };
    contract = mod.contract;
  });
  afterAll(() => {
    fx.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses to start while its new members have no handler, naming each with its source', async () => {
    const refused = await startHost({ contract }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ContractRefused);
    expect((refused as ContractRefused).problems).toEqual([
      'A2A getTaskArtifact: no handler for GetTaskArtifact (spec/interop-map.json#/a2a/operations/12)',
      'REST listRunArtifacts: no handler for GET /runs/{runId}/artifacts (spec/openapi.yaml#/paths/~1runs~1{runId}~1artifacts/get)',
    ]);
    expect((refused as Error).message).toMatch(
      /^the contract "wopgen bundled OpenWOP v2 interop profile 2\.21\.0-wopgen\.1" \(sha256:[0-9a-f]{64}\) cannot be served by this host:\n  - A2A getTaskArtifact/,
    );
  });

  describe('with the members supplied', () => {
    let h: RunningHost;
    const seen: unknown[] = [];

    beforeAll(async () => {
      h = await startHost({
        contract,
        handlers: {
          a2a: {
            async getTaskArtifact(params: Json, rc: { subject: { tenant: string } }) {
              seen.push(params);
              return {
                artifactId: params['artifactId'],
                parts: [{ data: { task: params['id'], tenant: rc.subject.tenant } }],
              };
            },
          },
          rest: {
            async listRunArtifacts(request: { path: { runId: string } }) {
              return { status: 200, body: { artifacts: [`of ${request.path.runId}`] } };
            },
          },
        },
      });
    });
    afterAll(() => h.close());

    it('serves the new A2A row over JSON-RPC', async () => {
      const res = await h.call('acme', '/a2a/jsonrpc', {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'GetTaskArtifact',
          params: { id: 'acme/t', artifactId: 'output' },
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        result: { artifactId: 'output', parts: [{ data: { task: 'acme/t', tenant: 'acme' } }] },
      });
    });

    it('serves the new A2A row over HTTP+JSON, on the path its row names', async () => {
      const res = await h.call('acme', '/a2a/rest/tasks/acme~2Ft/artifacts/output');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        artifactId: 'output',
        parts: [{ data: { task: 'acme~2Ft', tenant: 'acme' } }],
      });
    });

    it('serves the new REST operation through the generic router, with OpenWOP-Version', async () => {
      // The handler gets the run id itself: the router reads the projected segment (`~2F`).
      const res = await h.call('acme', '/runs/acme~2Fr-0123456789abcdefghijkl/artifacts');
      expect(res.status).toBe(200);
      expect(res.headers.get('openwop-version')).toBe('2.0');
      expect(await res.json()).toEqual({ artifacts: ['of acme/r-0123456789abcdefghijkl'] });
    });

    it("refuses a request its operation's parameters do not admit, naming the field", async () => {
      // A path parameter no resource could have is not found; a query one is a validation error.
      const res = await h.call('acme', '/runs/not-a-run-id/artifacts');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: 'not_found',
        message:
          'nothing at /runs/not-a-run-id/artifacts: path.runId must match pattern "^[a-z0-9][a-z0-9-]{0,62}/[A-Za-z0-9._~-]{22,128}$"',
        details: { field: 'path.runId' },
      });
      const query = await h.call('acme', '/runs?limit=0');
      expect(query.status).toBe(400);
      expect(await query.json()).toEqual({
        error: 'validation_error',
        message: 'query.limit must be >= 1',
        details: { field: 'query.limit' },
      });
    });

    it("answers the package's status for TaskNotFoundError on HTTP+JSON (410, not 404)", async () => {
      const res = await h.call('acme', '/a2a/rest/tasks/acme~2Fno-such-task-0123456789abcdef');
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({
        error: {
          code: 410,
          status: 'NOT_FOUND',
          message: 'task not found',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'TASK_NOT_FOUND',
              domain: 'a2a-protocol.org',
            },
          ],
        },
      });
    });

    it('still serves the built-in rows of the contract (GetTask over JSON-RPC)', async () => {
      const res = await h.call('acme', '/a2a/jsonrpc', {
        method: 'POST',
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'GetTask',
          params: { id: 'acme/no-such-task-0123456789abcdef' },
        }),
      });
      const body = (await res.json()) as { error: { code: number } };
      expect(body.error.code).toBe(-32001);
    });
  });
});
