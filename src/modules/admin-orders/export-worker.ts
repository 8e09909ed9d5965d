import type { Database } from "bun:sqlite";
import { openReadOnlyDatabase } from "../../db/open";
import { createTransactionPages } from "../money/transactions-csv";
import { type CsvPage, createCsvPages, type ExportWindow } from "./export-csv";

// Runs inside a Worker started by orders-export.ts for one export: opens its own read-only connection to the
// shop's file, then answers each "next" with one CSV page (its bytes moved, not copied) and reads nothing
// until asked again, so it never runs ahead of the client. "stop" closes the connection and ends the worker.
// docs/decisions/0032-exports-off-the-main-thread.md
declare const self: Worker;

/** Which CSV a worker writes: the orders export, or the Money page's transactions (docs/decisions/0050-money-that-reconciles.md). */
export type ExportKind = "orders" | "transactions";
export type ExportWorkerRequest = { open: { file: string; window: ExportWindow; kind: ExportKind } } | { next: true } | { stop: true };
export type ExportWorkerAnswer = CsvPage | { failure: string };

let db: Database | undefined;
let nextPage: (() => CsvPage) | undefined;

self.onmessage = ({ data }: MessageEvent<ExportWorkerRequest>) => {
  if ("stop" in data) {
    db?.close();
    process.exit(0);
  }
  try {
    if ("open" in data) {
      db = openReadOnlyDatabase(data.open.file);
      nextPage = (data.open.kind === "transactions" ? createTransactionPages : createCsvPages)(db, data.open.window);
      return;
    }
    if (!nextPage) throw new Error("asked for a page before opening the database");
    const page = nextPage();
    self.postMessage(page satisfies ExportWorkerAnswer, [page.bytes.buffer]);
  } catch (error) {
    self.postMessage({ failure: String(error) } satisfies ExportWorkerAnswer);
  }
};
