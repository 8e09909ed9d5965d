import { ServiceUnavailable } from "../errors";

/**
 * One piece of heavy work at a time: a 15 MB photo decoded and re-encoded by
 * sharp holds about 100 MB besides its body, a 10 MB GPX file about 50 MB.
 * With the shop's own 110–140 MB that is the most that stays under 300 MB
 * (issue 11: four GPX uploads at once took the process to 1.43 GB).
 */
export const HEAVY_WORK_SLOTS = 1;
/** Uploads waiting for the slot, bodies still unread (the socket holds them back). Beyond this the shop says "busy". */
export const HEAVY_WORK_QUEUE = 8;
export const BUSY_RETRY_AFTER_SECONDS = 15;
export const BUSY_MESSAGE = "The shop is busy with other uploads just now. Please try again in a moment.";
/**
 * How long a connection may sit without traffic while its upload waits for
 * the slot or is being worked on. Bun's default (10 s) would cut off an upload
 * queued behind a few big photos; the queue being short, this stays bounded.
 */
export const HEAVY_WORK_IDLE_SECONDS = 120;

/** The request whose body the task reads, and the server it came through (absent in tests that call app.handle). */
export type HeavyWorkRequest = { request: Request; server?: { timeout(request: Request, seconds: number): void } | null };

export type HeavyWork = ReturnType<typeof createHeavyWork>;

/**
 * The one gate every upload passes (shoppers' GPX files and photos, custom
 * request attachments, the owner's pictures, lithophane previews): a small
 * pool with a short queue. Routes call run() BEFORE reading the request body,
 * so the bodies in memory are bounded along with the work. When the queue is
 * full the request is refused at once with 503 and Retry-After, never left to
 * pile up until the process runs out of memory.
 */
export function createHeavyWork({ slots = HEAVY_WORK_SLOTS, queue = HEAVY_WORK_QUEUE } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire(request: Request): Promise<void> {
    if (running < slots) {
      running += 1;
      return;
    }
    // Refused unread: Bun still delivers the answer to a sender mid-upload (tests/ops/upload-memory.test.ts).
    if (waiting.length >= queue) throw new ServiceUnavailable(BUSY_RETRY_AFTER_SECONDS, BUSY_MESSAGE);
    const { signal } = request;
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        signal.removeEventListener("abort", leave);
        resolve();
      };
      // A shopper who gave up waiting (closed the tab) leaves the queue.
      const leave = () => {
        const at = waiting.indexOf(take);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason ?? new Error("aborted"));
      };
      signal.addEventListener("abort", leave, { once: true });
      waiting.push(take);
    });
  }

  // A freed slot goes straight to the next in line.
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    /** Runs `task` (which reads `request`'s body) once a slot is free; 503 at once when the queue is full. */
    async run<T>({ request, server }: HeavyWorkRequest, task: () => Promise<T> | T): Promise<T> {
      server?.timeout(request, HEAVY_WORK_IDLE_SECONDS);
      await acquire(request);
      try {
        return await task();
      } finally {
        // The finished task's bodies and buffers are garbage now; collecting
        // them before the next task starts keeps the peak at one task's worth
        // (left to itself the collector let several pile up). A full
        // collection of the shop's small heap costs milliseconds.
        Bun.gc(true);
        release();
      }
    },
    /** For tests and logs: work running and waiting now. */
    load(): { running: number; waiting: number } {
      return { running, waiting: waiting.length };
    },
  };
}
