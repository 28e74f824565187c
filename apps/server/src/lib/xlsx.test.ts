import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type XlsxCell, xlsxStream } from './xlsx.js';

async function* batches(...rows: XlsxCell[][][]) {
  yield* rows;
}

/** The file read back by another implementation (exceljs), as a spreadsheet would. */
async function readBack(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

describe('xlsxStream', () => {
  it('writes one named sheet: header, rows batch after batch, formats and widths by column', async () => {
    const when = new Date('2026-11-25T11:07:00.000Z');
    const book = await readBack(
      xlsxStream(
        'Orders',
        [
          { header: 'Text', width: 20 },
          { header: 'Money', width: 12, numFmt: '0.00' },
          { header: 'When', width: 18, numFmt: 'yyyy-mm-dd hh:mm' },
        ],
        batches(
          [['a', 12.5, when]],
          [
            ['b', null, null],
            ['Total', 99, null],
          ],
        ),
      ),
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Orders']);
    const sheet = book.getWorksheet('Orders')!;
    expect(sheet.columns.map((c) => c.width)).toEqual([20, 12, 18]);
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toEqual([['Text', 'Money', 'When'], ['a', 12.5, when], ['b'], ['Total', 99]]);
    expect(sheet.getCell('B2').numFmt).toBe('0.00');
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getCell('A2').numFmt).toBeUndefined();
  });

  it('keeps text that looks like markup or a formula as text, and past column Z', async () => {
    const columns = Array.from({ length: 28 }, (_, i) => ({ header: `c${i}`, width: 8 }));
    const hostile = '<b>Tan & "Kee"</b> =SUM(A1)\u0007 ';
    const row = columns.map((_, i) => (i === 27 ? hostile : `v${i}`));
    const sheet = (await readBack(xlsxStream('S', columns, batches([row])))).getWorksheet('S')!;
    // The bell cannot be carried by XML: dropped; the rest, spaces included, as typed.
    expect(sheet.getCell('AB2').value).toBe('<b>Tan & "Kee"</b> =SUM(A1) ');
    expect(sheet.getCell('AA2').value).toBe('v26');
    expect(sheet.getCell('AB2').formula).toBeUndefined();
  });

  it('ends the stream with the error when reading the rows fails', async () => {
    async function* failing(): AsyncGenerator<XlsxCell[][]> {
      yield [['a']];
      throw new Error('database gone');
    }
    const stream = xlsxStream('S', [{ header: 'h', width: 8 }], failing());
    await expect(readBack(stream)).rejects.toThrow('database gone');
  });
});
