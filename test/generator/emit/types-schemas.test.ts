// emitSchemaTypes: several schemas merged into one document so shared definitions are declared
// once, names from definition keys (no `Foo1`), a source comment per entry, collisions reported.
import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from '../../../generator/diagnostics/diagnostic.ts';
import { emitSchemaTypes, typeNameOf } from '../../../generator/emit/types-schemas.ts';

const sink = () => new DiagnosticSink(() => undefined);

describe('emitSchemaTypes', () => {
  it('declares each entry and each shared definition once, named by its key', async () => {
    const shared = { type: 'string', title: 'Ignored Title' };
    const s = sink();
    const file = await emitSchemaTypes(
      'types/x.ts',
      'Root',
      [
        {
          name: 'First',
          schema: {
            $id: 'https://example.test/first',
            type: 'object',
            properties: { id: { $ref: '#/$defs/Id' } },
            required: ['id'],
            $defs: { Id: shared },
          },
          origin: { file: 'a.json', pointer: '' },
        },
        {
          name: 'Second',
          schema: {
            type: 'object',
            properties: { id: { $ref: '#/$defs/Id' } },
            $defs: { Id: shared },
          },
          origin: { file: 'b.json', pointer: '/x' },
        },
      ],
      s,
    );
    expect(s.items).toEqual([]);
    expect(file.path).toBe('types/x.ts');
    expect(file.from).toEqual(['a.json', 'b.json']);
    expect(file.body.split('\n').slice(0, 2)).toEqual([
      '/** First — Source: a.json# */',
      '/** Second — Source: b.json#/x */',
    ]);
    // Unformatted here: the formatter lays it out once, at the end of the run.
    expect(file.body).toMatch(/^export interface Root \{\nFirst\?: First\nSecond\?: Second\n\}$/m);
    expect(file.body.match(/^export type Id = string$/gm)).toHaveLength(1);
    expect(file.body).toMatch(/^export interface First \{\nid: Id\n\}$/m);
    expect(file.body).toMatch(/^export interface Second \{\nid\?: Id\n\}$/m);
    expect(file.body).not.toMatch(/Id1|IgnoredTitle/);
  });

  it('reports two keys that become one type name', async () => {
    const s = sink();
    await emitSchemaTypes(
      'types/y.ts',
      'Root',
      [
        { name: 'foo-bar', schema: { type: 'string' }, origin: { file: 'c.json', pointer: '/p' } },
        { name: 'FooBar', schema: { type: 'number' }, origin: { file: 'd.json', pointer: '' } },
      ],
      s,
    );
    expect(typeNameOf('foo-bar')).toBe(typeNameOf('FooBar'));
    expect(s.items.map((d) => [d.code, d.file, d.pointer])).toEqual([
      ['name-collision', 'c.json', '/p'],
    ]);
  });

  it('names an entry that is only a $ref: an alias of its root property, so importers find it by key', async () => {
    // Upstream's run-event index points channel.presence at `#/$defs/channelPresence`, itself a
    // `$ref` to ChannelPresencePayload: the library names the type after the target, so without the
    // alias the generated RunEventPayloads imported a ChannelPresence nobody declared (TS2305).
    const s = sink();
    const file = await emitSchemaTypes(
      'types/z.ts',
      'Root',
      [
        {
          name: 'channelPresence',
          schema: {
            $ref: '#/$defs/ChannelPresencePayload',
            $defs: {
              ChannelPresencePayload: {
                type: 'object',
                properties: { present: { type: 'array', items: { type: 'string' } } },
                required: ['present'],
              },
            },
          },
          origin: { file: 'e.json', pointer: '/$defs/channelPresence' },
        },
        { name: 'Plain', schema: { type: 'string' }, origin: { file: 'e.json', pointer: '' } },
      ],
      s,
    );
    expect(s.items).toEqual([]);
    expect(file.body).toMatch(/^export interface ChannelPresencePayload \{$/m);
    expect(file.body.match(/^export type ChannelPresence = .*$/gm)).toEqual([
      `export type ChannelPresence = NonNullable<Root["channelPresence"]>;`,
    ]);
    // An entry the library declared under its own name gets no second declaration.
    expect(file.body.match(/^export type Plain\b/gm)).toHaveLength(1);
  });
});
