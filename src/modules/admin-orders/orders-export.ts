import { z } from "zod";
import { isReportDay, REPORT_RANGE_MESSAGES as MESSAGES } from "../../../shared/report-range";
import { addUkDays, isUkDay, ukDayStart } from "../../../shared/uk-day";
import { ServiceUnavailable } from "../../errors";
import { errorFields, log } from "../../log";
import type { ExportWindow } from "./export-csv";
import type { ExportKind, ExportWorkerAnswer, ExportWorkerRequest } from "./export-worker";

/** A real day, then one within 2000–2100 (shared/report-range.ts), each with its own words. */
const day = (bad: string, outOfRange: string) =>
  z.string({ error: MESSAGES.missing }).refine(isUkDay, { error: bad, abort: true }).refine(isReportDay, { error: outOfRange });

/** GET /api/admin/orders/export.csv?from=&to=: UK days, both inclusive. */
export const exportRangeSchema = z
  .object(
    { from: day(MESSAGES.badFrom, MESSAGES.fromOutOfRange), to: day(MESSAGES.badTo, MESSAGES.toOutOfRange) },
    { error: MESSAGES.missing },
  )
  .refine(({ from, to }) => from <= to, { error: MESSAGES.reversed });
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** orders-2026-04-01-to-2026-04-30.csv */
export function exportFileName({ from, to }: ExportRange): string {
  return `orders-${from}-to-${to}.csv`;
}

/** A CSV answer the browser downloads as `fileName`, never kept by a cache (the orders export and the Money page's). */
export function csvAttachment(body: ReadableStream<Uint8Array> | string, fileName: string, { gzip = false } = {}): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      Vary: "Accept-Encoding",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    },
  });
}

/**
 * Exports being made at once, each in its own worker. The owner is one person, and each worker holds a heap of
 * its own (about 12 MB in a measurement, against the shop's memory budget): a second is refused at once rather
 * than queued behind a year's export while the browser shows nothing.
 */
export const MOST_EXPORTS_AT_ONCE = 1;
const EXPORTS_BUSY_RETRY_AFTER_SECONDS = 30;
export const EXPORTS_BUSY_MESSAGE = "An export is already being prepared. Please wait for it to finish downloading, then try again.";
/**
 * Messages (each at least 128 kB of CSV, four 200-row pages: export-worker.ts) the worker may be ahead of the
 * client: without any, each would wait for a message there and back, and on a busy main thread for its turn too;
 * with a few it reads on while the client takes one.
 */
const PAGES_AHEAD = 4;
/** How long a worker asked to stop gets before it is ended outright (shutdown only). */
const STOP_GRACE_MS = 2_000;

export type OrdersExport = ReturnType<typeof createOrdersExport>;

/**
 * The CSV export off the main thread (docs/decisions/0032-exports-off-the-main-thread.md): each export gets a
 * fresh worker (export-worker.ts) with its own read-only connection to `databaseFile`, ended when the export
 * ends, is cancelled or fails, so none outlives its request and no heap is kept between exports. The answer is
 * a stream that asks the worker for pages only while it has room for them (PAGES_AHEAD): a slow client holds
 * the worker back instead of filling memory.
 */
export function createOrdersExport(databaseFile: string) {
  /** Each live worker and how to end it; one leaves this map only once its thread has closed. */
  const live = new Map<Worker, () => void>();
  /**
   * Exports not yet over (last page sent, failed or cancelled). The limit counts these, not live threads: a
   * download started just after another finished must not meet the first worker still closing.
   */
  let exporting = 0;

  /** `gzip`: the worker compresses each page (csvAttachment then answers with Content-Encoding: gzip). */
  function start(range: ExportRange, { gzip, kind = "orders" }: { gzip: boolean; kind?: ExportKind }): ReadableStream<Uint8Array> {
    if (exporting >= MOST_EXPORTS_AT_ONCE) throw new ServiceUnavailable(EXPORTS_BUSY_RETRY_AFTER_SECONDS, EXPORTS_BUSY_MESSAGE);
    exporting += 1;
    const worker = new Worker(new URL("./export-worker.ts", import.meta.url).href, { smol: true } as WorkerOptions);
    // Not unref()'d, unlike the GPX worker: an unref'd worker's answers reached this thread late (several times
    // slower per page in a measurement), and this one trades a message per page. It lives only as long as its
    // export: `stop` ends it, and shutdown stops every one (stopAll).
    let stopping = false;
    /** Every way an export ends comes here once: the worker closes its connection and exits. */
    const stop = () => {
      if (stopping) return;
      stopping = true;
      exporting -= 1;
      worker.postMessage({ stop: true } satisfies ExportWorkerRequest);
    };
    live.set(worker, stop);

    let stream!: ReadableStreamDefaultController<Uint8Array>;
    /** Pages asked for and not yet answered. */
    let asked = 0;
    /** The last page is in, or the export failed or was cancelled: nothing more goes into the stream. */
    let finished = false;
    /** Wakes the stream's waiting pull once a page is in. */
    let arrived: (() => void) | undefined;
    const wake = () => {
      const waiting = arrived;
      arrived = undefined;
      waiting?.();
    };
    const fail = (error: Error) => {
      if (finished) return;
      finished = true;
      // A worker stopped on purpose (shutdown) fails its last page: only an export that failed by itself is news.
      if (!stopping) log("error", "orders export failed", { ...errorFields(error), from: range.from, to: range.to });
      stop();
      stream.error(error);
      wake();
    };
    worker.onmessage = ({ data }: MessageEvent<ExportWorkerAnswer>) => {
      asked -= 1;
      if (finished) return;
      if ("failure" in data) return fail(new Error(`the export worker failed: ${data.failure}`));
      stream.enqueue(data.bytes);
      if (data.last) {
        finished = true;
        stop();
        stream.close();
      }
      wake();
    };
    worker.onerror = (event) => {
      fail(new Error(`the export worker failed: ${event.message}`));
      worker.terminate();
    };
    worker.addEventListener("close", () => {
      live.delete(worker);
      fail(new Error("the export worker ended before its last page"));
    });
    worker.postMessage({ open: { file: databaseFile, window: exportWindow(range), gzip, kind } } satisfies ExportWorkerRequest);

    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          stream = controller;
        },
        // Asks for as many pages as the stream has room for, counting those on their way, then waits for one.
        pull(controller) {
          while (!finished && asked < (controller.desiredSize ?? 0)) {
            worker.postMessage({ next: true } satisfies ExportWorkerRequest);
            asked += 1;
          }
          if (finished) return;
          return new Promise<void>((resolve) => {
            arrived = resolve;
          });
        },
        // The client went away (or the shop is closing): the worker stops reading and ends.
        cancel() {
          finished = true;
          stop();
          wake();
        },
      },
      // Room for a few pages: the worker reads the next while the client takes one, and never more than this ahead.
      { highWaterMark: PAGES_AHEAD },
    );
  }

  return {
    /**
     * The orders made on the UK days of `range`, oldest first, as a CSV stream (export-csv.ts), or with `kind`
     * "transactions" their sales and refunds (money/transactions-csv.ts); gzipped by the worker when asked. 503 past
     * MOST_EXPORTS_AT_ONCE.
     */
    csv: start,
    /** Workers alive now (tests prove none outlives its export). */
    running: () => live.size,
    /** Ends every export's worker, each closing its connection first (shutdown, before the shop's own connection closes). */
    async stopAll(): Promise<void> {
      const closed = [...live.keys()].map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.addEventListener("close", () => resolve());
            if (!live.has(worker)) resolve();
          }),
      );
      for (const stop of live.values()) stop();
      const timer = setTimeout(() => {
        for (const worker of live.keys()) worker.terminate();
      }, STOP_GRACE_MS);
      await Promise.all(closed);
      clearTimeout(timer);
    },
  };
}

function exportWindow({ from, to }: ExportRange): ExportWindow {
  return { start: ukDayStart(from), end: ukDayStart(addUkDays(to, 1)) };
}
