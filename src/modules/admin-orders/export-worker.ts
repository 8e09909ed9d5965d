import type { Database } from "bun:sqlite";
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { openReadOnlyDatabase } from "../../db/open";
import { createGzipPieces, joined } from "../../http/compression";
import { createTransactionPages } from "../money/transactions-csv";
import { type CsvPage, createCsvPages, EXPORT_THREAD_NICENESS, type ExportWindow } from "./export-csv";

// Runs inside a Worker started by orders-export.ts for one export: opens its own read-only connection to the
// shop's file, then answers each "next" with the next CSV pages, at least LEAST_BYTES_A_MESSAGE of them (their
// bytes moved, not copied), gzipped here when the client takes gzip, and reads nothing until asked again, so it never runs ahead of the client. "stop" closes
// the connection and ends the worker. docs/decisions/0032-exports-off-the-main-thread.md; the compression is
// here, off the shoppers' event loop: docs/decisions/0044-the-owner-beside-the-shoppers.md
declare const self: Worker;

lowerThisThreadsPriority();

/** Which CSV a worker writes: the orders export, or the Money page's transactions (docs/decisions/0050-money-that-reconciles.md). */
export type ExportKind = "orders" | "transactions";
export type ExportWorkerRequest =
  | { open: { file: string; window: ExportWindow; gzip: boolean; kind: ExportKind } }
  | { next: true }
  | { stop: true };
export type ExportWorkerAnswer = CsvPage | { failure: string };

let db: Database | undefined;
let nextPage: (() => Promise<CsvPage>) | undefined;
/** Pages are made one after another, in the order asked: gzip's pieces must go in in order. */
let queue: Promise<void> = Promise.resolve();

self.onmessage = ({ data }: MessageEvent<ExportWorkerRequest>) => {
  if ("stop" in data) {
    db?.close();
    process.exit(0);
  }
  try {
    if ("open" in data) {
      db = openReadOnlyDatabase(data.open.file);
      const pages = (data.open.kind === "transactions" ? createTransactionPages : createCsvPages)(db, data.open.window);
      nextPage = pagesOf(pages, data.open.gzip);
      return;
    }
    if (!nextPage) throw new Error("asked for a page before opening the database");
    const make = nextPage;
    queue = queue.then(async () => {
      try {
        const page = await make();
        self.postMessage(page satisfies ExportWorkerAnswer, [page.bytes.buffer]);
      } catch (error) {
        self.postMessage({ failure: String(error) } satisfies ExportWorkerAnswer);
      }
    });
  } catch (error) {
    self.postMessage({ failure: String(error) } satisfies ExportWorkerAnswer);
  }
};

/**
 * CSV in one message at least (the last excepted), read as several pages: each message costs the shop's thread a
 * hand-over and a socket write whatever its size, and a 200-row page is ~37 kB (~16 kB gzipped): a year's export
 * in ~70 messages instead of ~250. docs/decisions/0044-the-owner-beside-the-shoppers.md
 */
const LEAST_BYTES_A_MESSAGE = 128 * 1024;

function pagesOf(csvPage: () => CsvPage, gzip: boolean): () => Promise<CsvPage> {
  const gzipped = gzip ? createGzipPieces() : undefined;
  return async () => {
    const pages: Uint8Array[] = [];
    let size = 0;
    let last = false;
    while (!last && size < LEAST_BYTES_A_MESSAGE) {
      const page = csvPage();
      pages.push(page.bytes);
      size += page.bytes.byteLength;
      last = page.last;
    }
    const plain = joined(pages, size);
    return { bytes: gzipped ? await gzipped(plain, last) : plain, last };
  };
}

/**
 * Linux gives each thread its own niceness, and setpriority(2) on a thread's id sets only that thread's
 * (node:os setPriority); /proc/thread-self names the calling thread. Elsewhere the export runs as it is.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    if (Number.isInteger(threadId) && threadId !== process.pid) setPriority(threadId, EXPORT_THREAD_NICENESS);
  } catch {
    // No /proc, or not allowed: the export runs at the shop's priority.
  }
}
