import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * One worksheet as an .xlsx file (Office Open XML, ECMA-376), written row by row as the rows
 * arrive: a whole export never sits in memory. Text is written inline (no shared-strings table,
 * which would have to be complete before the sheet); every cell, the header's too, takes its
 * column's number format, as spreadsheets expect. fflate (already installed for pdfkit) zips it.
 */
export type XlsxCell = string | number | Date | null;

export interface XlsxColumn {
  header: string;
  /** In characters, as a spreadsheet counts them. */
  width: number;
  /** An Excel number format for the column's numbers and dates: `0.00`, `yyyy-mm-dd hh:mm`. */
  numFmt?: string;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOC = `${REL}/officeDocument`;
const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, in its 1900 system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
/** The first number format id a file may define; lower ones are Excel's built-in formats. */
const FIRST_CUSTOM_FORMAT = 164;

const escapeXml = (text: string) =>
  text
    // Characters that XML 1.0 cannot carry at all, not even escaped: matching them is the point.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Distinct number formats of the columns, each with its cell style index (0 is no format). */
function stylesOf(columns: readonly XlsxColumn[]) {
  const formats = [...new Set(columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const styleOf = columns.map((c) => (c.numFmt ? formats.indexOf(c.numFmt) + 1 : 0));
  const numFmts = formats
    .map(
      (code, i) =>
        `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${escapeXml(code)}"/>`,
    )
    .join('');
  const xfs = formats
    .map(
      (_, i) =>
        `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  const xml =
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>';
  return { xml, styleOf };
}

function rowXml(cells: readonly XlsxCell[], rowNumber: number, styleOf: readonly number[]) {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, i) => {
    if (value === null) return;
    const ref = `${columnName(i)}${rowNumber}`;
    const style = styleOf[i] ? ` s="${styleOf[i]}"` : '';
    if (typeof value === 'string') {
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    } else {
      // A date is a day count; its column's date format shows it as one.
      const number =
        value instanceof Date ? EXCEL_EPOCH_DAYS + value.getTime() / MS_PER_DAY : value;
      xml += `<c r="${ref}"${style}><v>${number}</v></c>`;
    }
  });
  return `${xml}</row>`;
}

function packageParts(sheetName: string, stylesXml: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
        `<sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    ['xl/styles.xml', stylesXml],
  ];
}

/**
 * A one-sheet workbook: the header row, then each batch of rows as `batches` yields it. Reading
 * the next batch waits while the client has not taken what is buffered. A failure while reading
 * destroys the stream with it.
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<readonly (readonly XlsxCell[])[]>,
): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const encoder = new TextEncoder();
  const { xml: stylesXml, styleOf } = stylesOf(columns);
  for (const [name, text] of packageParts(sheetName, stylesXml)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const cols = columns
    .map((c, i) => {
      const style = styleOf[i] ? ` style="${styleOf[i]}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${style} customWidth="1"/>`;
    })
    .join('');
  sheet.push(
    encoder.encode(
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><cols>${cols}</cols><sheetData>` +
        rowXml(
          columns.map((c) => c.header),
          1,
          styleOf,
        ),
    ),
  );
  void (async () => {
    try {
      let rowNumber = 1;
      for await (const batch of batches) {
        const xml = batch.map((cells) => rowXml(cells, ++rowNumber, styleOf)).join('');
        sheet.push(encoder.encode(xml));
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.push(encoder.encode('</sheetData></worksheet>'), true);
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
