/**
 * An XLSX file built in a worker thread: building a sheet costs about 0.1 ms of CPU per row of a
 * dozen columns (5 s for 50,000 members), which on the server's thread would hold up every request.
 * The thread that serves requests hands rows over a chunk at a time and gets the file's bytes back
 * as ExcelJS's streaming writer produces them; one chunk is in the worker at a time, so a slow
 * download slows the reading of rows instead of filling memory.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export type XlsxCell = string | number | boolean | Date | null;

const EXCELJS = pathToFileURL(createRequire(import.meta.url).resolve('exceljs')).href;

/** Plain JavaScript, so that the worker needs no TypeScript loader (it starts in about a quarter of a second). */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { Writable } = require('node:stream');
let parts = [];
const out = new Writable({ write(chunk, _encoding, done) { parts.push(chunk); done(); } });
const take = () => { const bytes = Buffer.concat(parts); parts = []; return new Uint8Array(bytes); };
const loaded = import(${JSON.stringify(EXCELJS)}).then((m) => m.default ?? m);
let book;
let sheet;
parentPort.on('message', async (m) => {
  try {
    const ExcelJS = await loaded;
    if (m.type === 'start') {
      book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      sheet = book.addWorksheet(m.name);
      sheet.columns = m.columns;
      sheet.getRow(1).font = { bold: true };
    } else if (m.type === 'rows') {
      for (const row of m.rows) sheet.addRow(row).commit();
    } else if (m.type === 'end') {
      sheet.commit();
      await book.commit();
    }
    parentPort.postMessage({ type: 'bytes', bytes: take() });
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String((err && err.stack) || err) });
  }
});
`;

type Reply = { type: 'bytes'; bytes: Uint8Array } | { type: 'error'; message: string };

/** One file's worker: `start`, then `rows` per chunk, then `end`; each answers the bytes written meanwhile. */
export class XlsxWriter {
  private readonly worker = new Worker(WORKER, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  private pending: { resolve: (b: Uint8Array) => void; reject: (e: Error) => void } | null = null;
  private failed: Error | null = null;

  constructor() {
    this.worker.on('message', (m: Reply) => {
      const p = this.pending;
      this.pending = null;
      if (m.type === 'bytes') p?.resolve(m.bytes);
      else this.fail(new Error(`XLSX worker: ${m.message}`), p);
    });
    this.worker.on('error', (err) => this.fail(err, this.pending));
    this.worker.on('exit', (code) => this.fail(new Error(`XLSX worker exited (${code})`), this.pending));
  }

  private fail(err: Error, p: typeof this.pending) {
    this.failed ??= err;
    this.pending = null;
    p?.reject(err);
  }

  private ask(message: unknown): Promise<Uint8Array> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
  }

  start(name: string, columns: { header: string; width: number }[]): Promise<Uint8Array> {
    return this.ask({ type: 'start', name, columns });
  }

  rows(rows: XlsxCell[][]): Promise<Uint8Array> {
    return this.ask({ type: 'rows', rows });
  }

  end(): Promise<Uint8Array> {
    return this.ask({ type: 'end' });
  }

  close(): void {
    this.failed ??= new Error('XLSX writer closed');
    void this.worker.terminate();
  }
}
