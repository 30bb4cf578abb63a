// Operator folders under attack: a JSON resource template cannot be made to
// serve members it does not declare, and a `*.json` link in the MCP catalogue or the `--workflows`
// folder that leaves the folder is refused by name, never read (its first line used to be printed).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogue,
  CatalogueError,
  loadCatalogueDir,
} from '../../runtime/bindings/mcp/catalogue/index.ts';
import { registryWithDir, WorkflowLoadError } from '../../runtime/serve/workflows.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { rawMcp } from '../mcp/helpers.ts';

const template = (text: string, mimeType = 'application/json') => ({
  uriTemplate: 'docs://users/{name}',
  name: 'user',
  mimeType,
  text,
});

describe('a JSON resource template', () => {
  let h: RunningHost;
  beforeAll(async () => {
    const catalogue = buildCatalogue([
      {
        source: 'c.json',
        value: {
          uriSchemes: ['docs'],
          resourceTemplates: [template('{"user": "{{name}}", "admin": false}')],
        },
      },
    ]);
    h = await startHost({ catalogue });
  });
  afterAll(async () => {
    await h.close();
  });

  it('inserts a value JSON-escaped: a quote cannot add a member', async () => {
    const value = 'x", "admin": true, "y": "\\';
    const uri = `docs://users/${encodeURIComponent(value)}`;
    const r = await rawMcp(h.url, 'resources/read', { uri });
    const contents = (r.body.result as { contents: { text: string; mimeType: string }[] }).contents;
    expect(contents[0]!.mimeType).toBe('application/json');
    expect(JSON.parse(contents[0]!.text)).toEqual({ user: value, admin: false });
  });

  it('refuses at load a placeholder outside a JSON string', () => {
    const build = () =>
      buildCatalogue([
        {
          source: 'c.json',
          value: { uriSchemes: ['docs'], resourceTemplates: [template('{"n": {{name}}}')] },
        },
      ]);
    expect(build).toThrow(CatalogueError);
    expect(build).toThrow(
      'c.json: invalid MCP catalogue at /resourceTemplates/0/text: placeholder {{name}} must be inside a JSON string (the mimeType is application/json)',
    );
  });

  it('keeps plain-text templates as they were', () => {
    expect(() =>
      buildCatalogue([
        {
          source: 'c.json',
          value: {
            uriSchemes: ['docs'],
            resourceTemplates: [template('n = {{name}}', 'text/plain')],
          },
        },
      ]),
    ).not.toThrow();
  });
});

describe('links in operator folders', () => {
  let root: string;
  let secret: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'wopgen-links-'));
    secret = join(root, 'secret.json');
    writeFileSync(secret, 'TOP-SECRET-FIRST-LINE\n');
  });
  afterAll(() => removeDir(root));

  function folder(name: string, inside: Record<string, string>): string {
    const dir = join(root, name);
    mkdirSync(dir);
    for (const [file, text] of Object.entries(inside)) writeFileSync(join(dir, file), text);
    return dir;
  }

  it('the MCP catalogue refuses a link that leaves it, without reading it', () => {
    const dir = folder('catalogue', { 'a.json': '{"uriSchemes": ["docs"]}' });
    symlinkSync(secret, join(dir, 'evil.json'));
    let err: unknown;
    try {
      loadCatalogueDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CatalogueError);
    expect((err as Error).message).toBe(
      `${join(dir, 'evil.json')}: invalid MCP catalogue at /: is a link to a file outside the directory`,
    );
    expect((err as Error).message).not.toContain('TOP-SECRET');
  });

  it('the MCP catalogue reads a link to a file inside it', () => {
    const dir = folder('catalogue-ok', {
      'real.txt': JSON.stringify({
        uriSchemes: ['docs'],
        resources: [{ uri: 'docs://a', name: 'a', mimeType: 'text/plain', text: 'A' }],
      }),
    });
    symlinkSync(join(dir, 'real.txt'), join(dir, 'linked.json'));
    expect(loadCatalogueDir(dir).resources.map((r) => r.uri)).toEqual(['docs://a']);
  });

  it('--workflows refuses a link that leaves the folder, and a dangling one, by name', () => {
    const dir = folder('workflows', {});
    symlinkSync(secret, join(dir, 'evil.json'));
    symlinkSync(join(root, 'nothing-here'), join(dir, 'dangling.json'));
    let err: unknown;
    try {
      registryWithDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(WorkflowLoadError);
    expect((err as WorkflowLoadError).problems).toEqual([
      `${join(dir, 'dangling.json')}: cannot be read (ENOENT)`,
      `${join(dir, 'evil.json')}: is a link to a file outside the directory`,
    ]);
    expect((err as Error).message).not.toContain('TOP-SECRET');
  });
});
