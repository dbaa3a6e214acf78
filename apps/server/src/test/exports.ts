import ExcelJS from 'exceljs';

/** The lines of a CSV export, without its byte order mark and last line ending. */
export const csvLines = (res: { body: string }) =>
  res.body
    .replace(/^\ufeff/, '')
    .trim()
    .split(/\r\n/);

/** The first sheet of an XLSX export. */
export async function xlsxSheet(res: { rawPayload: Buffer }): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}
