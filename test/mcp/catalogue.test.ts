/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// The MCP prompt and resource catalogue (runtime/bindings/mcp/catalogue/) end to end: the exact wire shapes
// of the list rows (sorted, ttlMs, cacheScope), prompts/get with plain-text arguments, the
// resources/read URI rules of the map's `prompts/get | resources/read` row (normalized, no
// traversal, allowlisted schemes), SEP-2164's not-found, template reads, completion/complete,
// the discover capabilities, the loader's errors, and a round trip with the official client.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogue,
  CatalogueError,
  loadCatalogueDir,
  type McpCatalogue,
} from '../../runtime/bindings/mcp/catalogue/index.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { connectClient, rawMcp, startMcpHost } from './helpers.ts';
import { MCP_CONFORMANCE_CATALOGUE } from '../fixtures/mcp-conformance/index.ts';

const TTL = 12_345;
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
/** The listed part of prompt `alpha` (prompts/list shows exactly this). */
const ALPHA = {
  name: 'alpha',
  title: 'Alpha',
  description: 'Writes about a topic.',
  arguments: [
    { name: 'topic', description: 'What to write about', required: true },
    { name: 'tone', description: 'How it sounds' },
  ],
};
/** Non-text blocks: passed through as declared. */
const MEDIA = [
  { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
  { role: 'user', content: { type: 'audio', data: PNG, mimeType: 'audio/wav' } },
];
const IDS = Array.from({ length: 150 }, (_, i) => `user-${String(i).padStart(3, '0')}`);

/** Two files, merged: prompts in one, resources (and the allowlist) in the other. */
function testCatalogue(): McpCatalogue {
  return buildCatalogue([
    {
      source: 'prompts.json',
      value: {
        prompts: [
          {
            name: 'zeta',
            description: 'No arguments.',
            messages: [{ role: 'assistant', content: { type: 'text', text: 'Hello.' } }],
          },
          {
            ...ALPHA,
            messages: [
              {
                role: 'user',
                content: {
                  type: 'text',
                  text: 'Write about {{topic}} in a {{tone}} tone. {{ x }}',
                },
              },
              ...MEDIA,
            ],
            completions: { topic: ['Paris', 'park', 'party', 'tea'] },
          },
          {
            name: 'embed',
            description: 'Embeds a resource.',
            arguments: [{ name: 'uri', required: true }],
            messages: [
              {
                role: 'user',
                content: {
                  type: 'resource',
                  resource: { uri: '{{uri}}', mimeType: 'text/plain', text: 'About {{uri}}' },
                },
              },
            ],
          },
        ],
      },
    },
    {
      source: 'resources.json',
      value: {
        uriSchemes: ['x', 'TEST'],
        resources: [
          { uri: 'x://docs/readme', name: 'readme', mimeType: 'text/plain', text: 'Read me.' },
          {
            uri: 'x://img/logo',
            name: 'logo',
            title: 'Logo',
            description: 'The logo.',
            mimeType: 'image/png',
            blob: PNG,
          },
        ],
        resourceTemplates: [
          {
            uriTemplate: 'x://users/{id}/profile',
            name: 'profile',
            mimeType: 'application/json',
            text: '{"id":"{{id}}"}',
            completions: { id: IDS },
          },
          {
            uriTemplate: 'x://a/{slug}',
            name: 'article',
            mimeType: 'text/plain',
            text: '{{slug}}',
          },
        ],
      },
    },
  ]);
}

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    catalogue: testCatalogue(),
    config: (c) => {
      c.mcp.listTtlMs = TTL;
    },
  });
});
afterAll(async () => {
  await h.close();
});

const cached = { resultType: 'complete', ttlMs: TTL, cacheScope: 'private' };

/** A -32602 refusal on HTTP 200 with exactly this message and data. */
async function expectRefusal(
  method: string,
  params: Record<string, unknown>,
  message: string,
  data: Record<string, unknown>,
) {
  expect(await refusal(method, params), JSON.stringify(params)).toEqual({
    code: -32602,
    message,
    data,
  });
}

async function refusal(method: string, params: Record<string, unknown>) {
  const r = await rawMcp(h.url, method, params);
  expect(r.status).toBe(200);
  expect(r.body.result).toBeUndefined();
  return r.body.error!;
}

describe('catalogue lists', () => {
  it('prompts/list: sorted by name, without messages or completion values', async () => {
    const r = await rawMcp(h.url, 'prompts/list');
    expect(r.body.result).toEqual({
      prompts: [
        ALPHA,
        {
          name: 'embed',
          description: 'Embeds a resource.',
          arguments: [{ name: 'uri', required: true }],
        },
        { name: 'zeta', description: 'No arguments.' },
      ],
      ...cached,
    });
  });

  it('resources/list and resources/templates/list: sorted, with the cache hints', async () => {
    expect((await rawMcp(h.url, 'resources/list')).body.result).toEqual({
      resources: [
        {
          uri: 'x://img/logo',
          name: 'logo',
          title: 'Logo',
          description: 'The logo.',
          mimeType: 'image/png',
        },
        { uri: 'x://docs/readme', name: 'readme', mimeType: 'text/plain' },
      ],
      ...cached,
    });
    expect((await rawMcp(h.url, 'resources/templates/list')).body.result).toEqual({
      resourceTemplates: [
        { uriTemplate: 'x://a/{slug}', name: 'article', mimeType: 'text/plain' },
        { uriTemplate: 'x://users/{id}/profile', name: 'profile', mimeType: 'application/json' },
      ],
      ...cached,
    });
  });

  it('refuses every unauthenticated prompts/*, resources/* and completion call before serving it', async () => {
    // The map's authorization row: authenticated before a resource is read or a prompt renders.
    for (const [method, params] of [
      ['prompts/list', {}],
      ['prompts/get', { name: 'alpha', arguments: { topic: 't' } }],
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['resources/read', { uri: 'test://static-text' }],
      [
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'alpha' }, argument: { name: 'topic', value: '' } },
      ],
    ] as const) {
      const r = await rawMcp(h.url, method, params, { tenant: null });
      expect([method, r.status, r.body.error?.code, r.body.error?.data]).toEqual([
        method,
        401,
        -32000,
        { error: 'unauthenticated' },
      ]);
      expect(r.body).not.toHaveProperty('result');
    }
  });
});

describe('prompts/get', () => {
  it('inserts arguments as plain text in one pass; a value holding {{other}} stays literal', async () => {
    const r = await rawMcp(h.url, 'prompts/get', {
      name: 'alpha',
      arguments: { topic: 'tea {{tone}} $& $1', tone: '{{topic}}' },
    });
    expect(r.body.result).toEqual({
      description: 'Writes about a topic.',
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: 'Write about tea {{tone}} $& $1 in a {{topic}} tone. {{ x }}',
          },
        },
        ...MEDIA,
      ],
      resultType: 'complete',
    });
  });

  it('leaves an absent optional argument empty', async () => {
    const r = await rawMcp(h.url, 'prompts/get', { name: 'alpha', arguments: { topic: 'tea' } });
    expect(r.body.result?.messages[0].content.text).toBe('Write about tea in a  tone. {{ x }}');
  });

  it('fills an embedded resource and checks its URI like resources/read', async () => {
    const ok = await rawMcp(h.url, 'prompts/get', {
      name: 'embed',
      arguments: { uri: 'TEST://example-resource' },
    });
    expect(ok.body.result?.messages).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: {
            uri: 'test://example-resource',
            mimeType: 'text/plain',
            text: 'About TEST://example-resource',
          },
        },
      },
    ]);
    await expectRefusal(
      'prompts/get',
      { name: 'embed', arguments: { uri: 'file:///etc/passwd' } },
      'resource URI refused: scheme not on the host allowlist (embedded in embed)',
      { name: 'embed', uri: 'file:///etc/passwd', reason: 'scheme-not-allowed' },
    );
  });

  it('refuses a missing required argument, an undeclared one and a non-string value', async () => {
    await expectRefusal(
      'prompts/get',
      { name: 'alpha', arguments: { tone: 'dry' } },
      'Missing required argument topic',
      { name: 'alpha', argument: 'topic' },
    );
    expect(await refusal('prompts/get', { name: 'alpha' })).toMatchObject({ code: -32602 });
    await expectRefusal(
      'prompts/get',
      { name: 'alpha', arguments: { topic: 'a', mood: 'b' } },
      'Unknown argument mood for prompt alpha',
      { name: 'alpha', argument: 'mood' },
    );
    expect(await refusal('prompts/get', { name: 'alpha', arguments: { topic: 42 } })).toMatchObject(
      { code: -32602, data: { argument: 'topic' } },
    );
  });

  it('answers an unknown prompt with -32602 Unknown prompt', async () => {
    await expectRefusal('prompts/get', { name: 'nope' }, 'Unknown prompt: nope', { name: 'nope' });
  });
});

describe('resources/read', () => {
  it('reads a static text and a static blob resource with the cache hints', async () => {
    expect((await rawMcp(h.url, 'resources/read', { uri: 'x://docs/readme' })).body.result).toEqual(
      {
        contents: [{ uri: 'x://docs/readme', mimeType: 'text/plain', text: 'Read me.' }],
        ...cached,
      },
    );
    expect((await rawMcp(h.url, 'resources/read', { uri: 'x://img/logo' })).body.result).toEqual({
      contents: [{ uri: 'x://img/logo', mimeType: 'image/png', blob: PNG }],
      ...cached,
    });
  });

  it('normalizes the URI before the lookup (scheme case, encoded unreserved octets)', async () => {
    const r = await rawMcp(h.url, 'resources/read', { uri: 'X://docs/%72eadme' });
    expect(r.body.result?.contents).toEqual([
      { uri: 'x://docs/readme', mimeType: 'text/plain', text: 'Read me.' },
    ]);
  });

  it('reads a template match with its variable inserted as plain text', async () => {
    const r = await rawMcp(h.url, 'resources/read', { uri: 'x://users/a%20b/profile' });
    expect(r.body.result).toEqual({
      contents: [
        { uri: 'x://users/a%20b/profile', mimeType: 'application/json', text: '{"id":"a b"}' },
      ],
      ...cached,
    });
    const literal = await rawMcp(h.url, 'resources/read', { uri: 'x://a/%7B%7Bslug%7D%7D' });
    expect(literal.body.result?.contents).toEqual([
      { uri: 'x://a/%7B%7Bslug%7D%7D', mimeType: 'text/plain', text: '{{slug}}' },
    ]);
  });

  it('refuses path traversal, literal or percent-encoded, before any lookup', async () => {
    for (const uri of [
      'x://a/../b',
      'x://docs/readme/..',
      'x://a/%2e%2e/b',
      'x://a/%2E%2E%2Fb',
      'x://a/%252e%252e/b',
      'x://users/..%2F..%2Fetc/profile',
      'x://a/..%5Cb',
    ]) {
      await expectRefusal('resources/read', { uri }, 'resource URI refused: path traversal', {
        uri,
        reason: 'path-traversal',
      });
    }
  });

  it('refuses a scheme that is not on the allowlist, and a URI that is not one', async () => {
    await expectRefusal(
      'resources/read',
      { uri: 'file:///etc/passwd' },
      'resource URI refused: scheme not on the host allowlist',
      { uri: 'file:///etc/passwd', reason: 'scheme-not-allowed' },
    );
    for (const uri of ['readme', 'x://a b', 'x://a/%zz', 'x://a\\b']) {
      expect(await refusal('resources/read', { uri })).toMatchObject({
        code: -32602,
        data: { uri, reason: 'malformed' },
      });
    }
  });

  it('answers an unknown resource with -32602 Resource not found and data {uri} (SEP-2164)', async () => {
    await expectRefusal('resources/read', { uri: 'x://docs/missing' }, 'Resource not found', {
      uri: 'x://docs/missing',
    });
  });
});

describe('completion/complete', () => {
  const complete = (ref: Record<string, unknown>, name: string, value: string) =>
    rawMcp(h.url, 'completion/complete', { ref, argument: { name, value } });

  it('filters the declared values by the typed prefix (case-insensitive, declared order)', async () => {
    const r = await complete({ type: 'ref/prompt', name: 'alpha' }, 'topic', 'pa');
    expect(r.body.result).toEqual({
      completion: { values: ['Paris', 'park', 'party'], total: 3, hasMore: false },
      resultType: 'complete',
    });
    const none = await complete({ type: 'ref/prompt', name: 'alpha' }, 'tone', '');
    expect(none.body.result?.completion).toEqual({ values: [], total: 0, hasMore: false });
  });

  it('returns at most 100 values of a template variable, with total and hasMore', async () => {
    const all = await complete(
      { type: 'ref/resource', uri: 'x://users/{id}/profile' },
      'id',
      'user-',
    );
    expect(all.body.result?.completion).toEqual({
      values: IDS.slice(0, 100),
      total: 150,
      hasMore: true,
    });
    const some = await complete(
      { type: 'ref/resource', uri: 'x://users/{id}/profile' },
      'id',
      'USER-14',
    );
    expect(some.body.result?.completion.values).toEqual(IDS.slice(140, 150));
  });

  it('refuses an unknown ref or argument with -32602', async () => {
    expect((await complete({ type: 'ref/prompt', name: 'nope' }, 'topic', '')).body.error).toEqual({
      code: -32602,
      message: 'Unknown prompt: nope',
      data: { name: 'nope' },
    });
    expect(
      (await complete({ type: 'ref/resource', uri: 'x://nope/{id}' }, 'id', '')).body.error,
    ).toEqual({
      code: -32602,
      message: 'Unknown resource template: x://nope/{id}',
      data: { uri: 'x://nope/{id}' },
    });
    expect(
      (await complete({ type: 'ref/prompt', name: 'alpha' }, 'mood', '')).body.error,
    ).toMatchObject({ code: -32602, data: { argument: 'mood' } });
    expect((await complete({ type: 'ref/tool', name: 'x' }, 'a', '')).body.error?.code).toBe(
      -32602,
    );
  });
});

describe('server/discover capabilities', () => {
  it('declares prompts, resources and completions only when the catalogue has them', async () => {
    const withCatalogue = await rawMcp(h.url, 'server/discover');
    expect(withCatalogue.body.result?.capabilities).toEqual({
      tools: {},
      prompts: {},
      resources: {},
      completions: {},
      extensions: expect.any(Object),
    });
    const bare = await startMcpHost();
    try {
      const r = await rawMcp(bare.url, 'server/discover');
      expect(r.body.result?.capabilities).toEqual({ tools: {}, extensions: expect.any(Object) });
    } finally {
      await bare.close();
    }
  });

  it('declares resources without prompts or completions for a resources-only catalogue', async () => {
    const { catalogueCapabilities } =
      await import('../../runtime/bindings/mcp/catalogue/catalogue.ts');
    const only = buildCatalogue([
      {
        source: 'r.json',
        value: {
          uriSchemes: ['x'],
          resources: [{ uri: 'x://a', name: 'a', mimeType: 'text/plain', text: 'a' }],
        },
      },
    ]);
    expect(catalogueCapabilities(only)).toEqual({ resources: {} });
  });
});

describe('loading a catalogue directory', () => {
  /** The error of loading a directory holding one file, `bad.json`, with `value` in it. */
  function loadError(value: unknown): Error {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-catalogue-'));
    writeFileSync(join(dir, 'bad.json'), typeof value === 'string' ? value : JSON.stringify(value));
    try {
      loadCatalogueDir(dir);
    } catch (err) {
      return err as Error;
    } finally {
      removeDir(dir);
    }
    throw new Error('the catalogue loaded');
  }
  const prompt = (content: unknown) => ({
    prompts: [{ name: 'p', description: 'd', messages: [{ role: 'user', content }] }],
  });

  it('loads the conformance fixture catalogue', () => {
    const c = loadCatalogueDir(MCP_CONFORMANCE_CATALOGUE);
    expect(c.prompts.map((p) => p.name)).toEqual([
      'test_input_required_result_prompt',
      'test_prompt_with_arguments',
      'test_prompt_with_embedded_resource',
      'test_prompt_with_image',
      'test_simple_prompt',
    ]);
    expect(c.uriSchemes).toEqual(['test']);
  });

  it('names the file and the JSON pointer of a schema violation', () => {
    const err = loadError(prompt({ type: 'text' }));
    expect(err).toBeInstanceOf(CatalogueError);
    expect(err).toMatchObject({ pointer: '/prompts/0/messages/0/content' });
    expect(err.message).toMatch(
      /bad\.json: invalid MCP catalogue at \/prompts\/0\/messages\/0\/content: must have required property 'text'$/,
    );
    expect(loadError(prompt({ type: 'text', text: 'a', extra: 1 })).message).toMatch(
      /bad\.json: invalid MCP catalogue at \/prompts\/0\/messages\/0\/content\/extra: unknown property$/,
    );
    expect(loadError(prompt({ type: 'video', text: 'a' })).message).toMatch(
      /at \/prompts\/0\/messages\/0\/content\/type: must be equal to one of the allowed values/,
    );
    expect(loadError('{"prompts": [').message).toMatch(
      /bad\.json: invalid MCP catalogue at \/: not valid JSON/,
    );
  });

  it('names the file and pointer of a rule beyond the schema', () => {
    expect(loadError(prompt({ type: 'text', text: 'Hi {{who}}' })).message).toMatch(
      /bad\.json: invalid MCP catalogue at \/prompts\/0\/messages\/0\/content\/text: placeholder \{\{who\}\} names no declared argument$/,
    );
    const text = { name: 'a', mimeType: 'text/plain', text: 'a' };
    const cases: [unknown, RegExp][] = [
      [
        { uriSchemes: ['x'], resources: [{ ...text, uri: 'y://a' }] },
        /at \/resources\/0\/uri: resource URI refused: scheme not on the host allowlist \(uriSchemes: \["x"\]\)$/,
      ],
      [
        { uriSchemes: ['x'], resources: [{ ...text, uri: 'x://a', blob: PNG }] },
        /at \/resources\/0: must have exactly one of "text" and "blob"$/,
      ],
      [
        { uriSchemes: ['x'], resourceTemplates: [{ ...text, uriTemplate: 'x://{+path}' }] },
        /at \/resourceTemplates\/0\/uriTemplate: not an RFC 6570 level-1 template: "\{\+path\}"/,
      ],
      [
        { uriSchemes: ['x'], resourceTemplates: [{ ...text, uriTemplate: '{s}://a' }] },
        /at \/resourceTemplates\/0\/uriTemplate: must start with a literal URI scheme/,
      ],
      [
        {
          uriSchemes: ['x'],
          resources: [
            { ...text, uri: 'x://a' },
            { ...text, uri: 'X://%61' },
          ],
        },
        /at \/resources\/1\/uri: duplicate resource URI "x:\/\/a" \(first declared in .*bad\.json at \/resources\/0\)$/,
      ],
      [
        {
          prompts: [
            {
              name: 'p',
              description: 'd',
              arguments: [{ name: 'a' }],
              messages: [{ role: 'user', content: { type: 'text', text: '' } }],
              completions: { b: ['x'] },
            },
          ],
        },
        /at \/prompts\/0\/completions\/b: completion values for "b", which is no declared argument$/,
      ],
    ];
    for (const [value, message] of cases) expect(loadError(value).message).toMatch(message);
  });
});

describe('the official client (@modelcontextprotocol/client 2.4.0)', () => {
  it('lists and gets prompts, reads a resource and completes an argument', async () => {
    const client = await connectClient(h.url);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['alpha', 'embed', 'zeta']);
    const got = await client.getPrompt({ name: 'alpha', arguments: { topic: '{{tone}}' } });
    expect(got.messages[0]).toEqual({
      role: 'user',
      content: { type: 'text', text: 'Write about {{tone}} in a  tone. {{ x }}' },
    });
    const read = await client.readResource({ uri: 'x://users/42/profile' });
    expect(read.contents).toEqual([
      { uri: 'x://users/42/profile', mimeType: 'application/json', text: '{"id":"42"}' },
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t: any) => t.name)).toEqual(['article', 'profile']);
    const done = await client.complete({
      ref: { type: 'ref/prompt', name: 'alpha' },
      argument: { name: 'topic', value: 't' },
    });
    expect(done.completion.values).toEqual(['tea']);
    await expect(client.readResource({ uri: 'x://docs/missing' })).rejects.toMatchObject({
      code: -32602,
    });
    await client.close();
  });
});
