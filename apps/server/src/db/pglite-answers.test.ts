import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRAY_TYPES, type AnswerReader, answerReader } from './pglite-answers.js';

/** drizzle-orm/pglite's parsers, which the reader must match. */
const DRIZZLE_PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, (x: string) => x]),
);

/** PostgreSQL's answer to a statement as pglite-worker.mjs asks for it: prepared, then executed. */
async function answersOf(pg: PGlite, name: string, text: string, params: string[] = []) {
  const { serialize } = protocol;
  const raw = (parts: Uint8Array[]) =>
    pg.execProtocolRaw(Buffer.concat(parts), { syncToFs: false });
  return [
    await raw([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    await raw([
      serialize.bind({ statement: name, values: params }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  ];
}

describe('answerReader', () => {
  let pg: PGlite;
  let read: AnswerReader;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`
      create type mood as enum ('calm', 'wet');
      create table catch (id int primary key, kg bigint, fresh boolean, notes jsonb, landed timestamptz,
        moods mood[], tags text[], price numeric, name text unique);
      insert into catch values
        (1, 9007199254740993, true, '{"ice": "flake"}', '2026-11-28 05:00:00+08', '{calm,wet}', '{"a b",c}', 12.50, 'kembung'),
        (2, null, false, null, null, null, '{}', null, 'Ikan ''bilis'' 中文');`);
    await pg.refreshArrayTypes();
    const { rows } = await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES);
    read = answerReader({ protocol, types }, rows);
  }, 60_000);
  afterAll(() => pg?.close());

  it('reads rows as PGlite query() does with drizzle parsers, in both row modes', async () => {
    const text = 'select * from catch where id >= $1 order by id';
    for (const rowMode of ['array', 'object'] as const) {
      const expected = await pg.query(text, [1], { rowMode, parsers: DRIZZLE_PARSERS });
      const answers = await answersOf(pg, `rows_${rowMode}`, text, ['1']);
      const got = read(answers, rowMode, () => {});
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
      expect(got.rows).toHaveLength(2);
    }
  });

  it('counts the rows a statement changed', async () => {
    const answers = await answersOf(pg, 'update', 'update catch set fresh = not fresh');
    expect(read(answers, 'array', () => {})).toMatchObject({ rows: [], affectedRows: 2 });
  });

  it("throws PostgreSQL's error with its code and constraint", async () => {
    const answers = await answersOf(
      pg,
      'dup',
      "insert into catch (id, name) values (3, 'kembung')",
    );
    let error: unknown;
    try {
      read(answers, 'array', () => {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'catch_name_key' });
  });

  it('hands on the NOTIFYs of its answer', async () => {
    await pg.exec('listen landed');
    const heard: [string, string][] = [];
    const answers = await answersOf(pg, 'notify', "select pg_notify('landed', 'ikan 中文')");
    read(answers, 'array', (channel, payload) => heard.push([channel, payload]));
    expect(heard).toEqual([['landed', 'ikan 中文']]);
  });
});
