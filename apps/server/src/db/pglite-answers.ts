import type { protocol, types } from '@electric-sql/pglite';

type Row = Record<string, unknown> | unknown[];
export interface AnswerResults {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

/** The query PGlite runs when it opens, to parse arrays of every type. */
export const ARRAY_TYPES = `select b.oid, b.typarray from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

/**
 * Types that stay text, as drizzle-orm/pglite asks on every query: timestamps, intervals, dates,
 * and the arrays of numerics, timestamps, timestamps with time zone, intervals and dates.
 */
const AS_TEXT = ['TIMESTAMP', 'TIMESTAMPTZ', 'INTERVAL', 'DATE'] as const;
const ARRAYS_AS_TEXT = [1231, 1115, 1185, 1187, 1182];

/** Commands whose tag ends in the number of rows they changed ("UPDATE 3", "INSERT 0 5"). */
const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

export type AnswerReader = (
  answers: readonly Uint8Array[],
  rowMode: 'array' | 'object' | undefined,
  onNotification: (channel: string, payload: string) => void,
) => AnswerResults;

/**
 * Reads PostgreSQL's answer to a statement (protocol bytes, pglite-worker.mjs) into what PGlite's
 * query() answers, with drizzle's parsers: the row description, the rows, the rows changed; throws
 * the statement's error; hands on the NOTIFYs among them. PGlite's own parser copies each field
 * out of the buffer before decoding it; this decodes in place.
 */
export function answerReader(
  pglite: { protocol: typeof protocol; types: typeof types },
  arrays: readonly { oid: number; typarray: number }[],
): AnswerReader {
  const parsers: Record<number, types.Parser> = { ...pglite.types.parsers };
  for (const { oid, typarray } of arrays) {
    parsers[typarray] = (x) => pglite.types.arrayParser(x, parsers[oid]!, typarray);
  }
  for (const type of [...AS_TEXT.map((name) => pglite.types[name]), ...ARRAYS_AS_TEXT]) {
    parsers[type] = (x) => x;
  }

  return (answers, rowMode, onNotification) => {
    let fields: AnswerResults['fields'] = [];
    let parse: (types.Parser | undefined)[] = [];
    const rows: Row[] = [];
    let affectedRows = 0;
    for (const bytes of answers) {
      const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      /** A zero-ended string at `at`, and where it ends. */
      const cstring = (at: number): [string, number] => {
        const end = buf.indexOf(0, at);
        return [buf.toString('utf8', at, end), end + 1];
      };
      for (let at = 0; at + 5 <= buf.length;) {
        const code = buf[at];
        const next = at + 1 + buf.readInt32BE(at + 1);
        let p = at + 5;
        switch (code) {
          case 0x54: {
            // 'T', RowDescription: name, table, column, type, size, modifier, format.
            fields = [];
            const n = buf.readInt16BE(p);
            p += 2;
            for (let i = 0, name; i < n; i++) {
              [name, p] = cstring(p);
              fields.push({ name, dataTypeID: buf.readInt32BE(p + 6) });
              p += 18;
            }
            parse = fields.map((f) => parsers[f.dataTypeID]);
            break;
          }
          case 0x44: {
            // 'D', DataRow: each field's length (-1 for null), then its text.
            const n = buf.readInt16BE(p);
            const values = new Array<unknown>(n);
            p += 2;
            for (let i = 0; i < n; i++) {
              const length = buf.readInt32BE(p);
              p += 4;
              if (length < 0) {
                values[i] = null;
                continue;
              }
              const value = buf.toString('utf8', p, (p += length));
              const parser = parse[i];
              values[i] = parser ? parser(value, fields[i]!.dataTypeID) : value;
            }
            if (rowMode === 'array') rows.push(values);
            else {
              const row: Record<string, unknown> = {};
              for (let i = 0; i < n; i++) row[fields[i]!.name] = values[i];
              rows.push(row);
            }
            break;
          }
          case 0x43: {
            // 'C', CommandComplete.
            const words = cstring(p)[0].split(' ');
            if (CHANGES.has(words[0]!)) affectedRows += Number(words.at(-1));
            break;
          }
          case 0x41: {
            // 'A', NotificationResponse: the sender's process id, the channel, the payload.
            const [channel, end] = cstring(p + 4);
            onNotification(channel, cstring(end)[0]);
            break;
          }
          case 0x45: {
            // 'E', ErrorResponse: PGlite's DatabaseError, with every field (code, constraint…).
            let error: unknown;
            new pglite.protocol.Parser().parse(bytes.subarray(at, next), (m) => (error = m));
            throw error;
          }
          // The rest (parse, bind and close completions, parameter descriptions, no data,
          // ready for query, notices) say nothing the caller reads.
        }
        at = next;
      }
    }
    return { rows, fields, affectedRows };
  };
}
