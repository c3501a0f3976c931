import { PassThrough } from 'node:stream';
import {
  DEFAULT_DATE_FORMAT,
  excelDateFormat,
  fillDateFormat,
  localDateFormat,
  translate,
  type MessageKey,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A column of an export: its header is a message key, or `label`, a name the data itself gives (a
 * point name). A column of Date cells names its `date` format in spec §9's order (dayjs tokens,
 * `YYYY-MM-DD HH:mm:ss`); the file writes it in the caller's language's order (the contract's
 * DATE_ORDERS, as the console shows dates: `dd/mm/yyyy hh:mm:ss` in es). Date cells are UTC, so a
 * column whose format has a time of day says so in its header ("Created at (UTC)"); times on a
 * plant's clock are text instead, the zone named in the cell (`zonedTime`).
 */
export type XlsxColumn<K extends string = string> = { key: K; width?: number; numFmt?: string; date?: string } & (
  { header: MessageKey; label?: never } | { label: string; header?: never }
);

export interface XlsxExport<R> {
  /** The download's file name (`devices.xlsx`). */
  filename: string;
  /** Message key of the sheet's name. */
  sheet: MessageKey;
  columns: readonly XlsxColumn[];
  /** The rows, read as the file is written (keyset batches: a 100k-row list never sits in memory). */
  rows: AsyncIterable<R>;
}

/** A column's header in `lang`; a column of UTC times says it is UTC. */
export function headerOf(c: XlsxColumn, lang: string): string {
  const header = c.header ? translate(lang, c.header) : c.label;
  return c.date && /[Hh]/.test(c.date) ? translate(lang, 'export.inUtc', { header }) : header;
}

/**
 * Wall-clock text of `ms` in `zone` (a plant's; UTC without one), the date in the order of the
 * caller's language (the contract's DATE_ORDERS, as the console): "2026-12-07 23:50:01".
 */
export function localTime(ms: number | null, zone: string | null, lang: string): string | null {
  if (ms === null) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const v = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return fillDateFormat(localDateFormat(DEFAULT_DATE_FORMAT, lang), {
    year: v('year'),
    month: v('month'),
    day: v('day'),
    hour: v('hour'),
    minute: v('minute'),
    second: v('second'),
  });
}

/** `localTime` with its zone named in the cell: "2026-12-07 23:50:01 (Asia/Shanghai)". */
export function zonedTime(ms: number | null, zone: string | null, lang: string): string | null {
  const text = localTime(ms, zone, lang);
  return text === null ? null : `${text} (${zone ?? 'UTC'})`;
}

/**
 * Streams `rows` as an .xlsx to the client: headers translated into the caller's language, the
 * header row bold. A failure half-way is logged and ends the download (the client sees a broken
 * file, never a partial one that looks whole).
 */
export function sendXlsx<R extends Record<string, unknown>>(
  req: FastifyRequest,
  reply: FastifyReply,
  { filename, sheet: sheetKey, columns, rows }: XlsxExport<R>,
) {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(translate(req.lang, sheetKey));
  sheet.columns = columns.map((c) => ({
    header: headerOf(c, req.lang),
    key: c.key,
    width: c.width ?? 18,
    ...((c.date || c.numFmt) && { style: { numFmt: c.date ? excelDateFormat(c.date, req.lang) : c.numFmt } }),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const row of rows) sheet.addRow(row).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      req.log.error({ err, filename }, 'export failed');
      stream.destroy(err as Error);
    }
  })();
  return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(stream);
}
