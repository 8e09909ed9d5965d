import { ServiceUnavailable, TooManyRequests } from "../errors";
import { releaseMemory } from "./release-memory";

/**
 * One piece of heavy work at a time: a 15 MB photo decoded and re-encoded by
 * sharp holds about 100 MB besides its body, a 10 MB GPX file about 50 MB.
 * With the shop's own 110–140 MB that is the most that stays under 300 MB
 * (docs/decisions/0010-hardening.md: four GPX uploads at once took the process to 1.43 GB).
 */
const HEAVY_WORK_SLOTS = 1;
/** Uploads waiting for the slot, bodies still unread (the socket holds them back). Beyond this the shop says "busy". */
export const HEAVY_WORK_QUEUE = 8;
export const BUSY_RETRY_AFTER_SECONDS = 15;
export const BUSY_MESSAGE = "The shop is busy with other uploads just now. Please try again in a moment.";
/**
 * Places in the slot and its queue one address may take at once. A sender
 * who trickles a body holds a place while it does: without this, one address
 * could fill the whole queue and every other shopper's upload would be "busy".
 */
export const HEAVY_WORK_PER_ADDRESS = 2;
export const OWN_UPLOADS_WAITING_MESSAGE = "Your other uploads are still being handled. Please wait for them to finish and try again.";
/**
 * How long a connection may sit without traffic while its upload waits for
 * the slot or is being worked on. Bun's default (10 s) would cut off an upload
 * queued behind a few big photos; the queue being short, this stays bounded.
 */
const HEAVY_WORK_IDLE_SECONDS = 120;

/** The request whose body the task reads, and the server it came through (absent in tests that call app.handle). */
export type HeavyWorkRequest = {
  request: Request;
  server?: { timeout(request: Request, seconds: number): void } | null;
  /** Who sent it (clientAddress), for the per-address share of the queue; the owner's own uploads leave it out. */
  address?: string;
};

export type HeavyWork = ReturnType<typeof createHeavyWork>;

/**
 * The one gate every upload passes (shoppers' GPX files and photos, custom
 * request attachments, the owner's pictures, lithophane previews): a small
 * pool with a short queue. Routes call run() BEFORE reading the request body,
 * so the bodies in memory are bounded along with the work. When the queue is
 * full the request is refused at once with 503 and Retry-After, never left to
 * pile up until the process runs out of memory.
 */
export function createHeavyWork({ slots = HEAVY_WORK_SLOTS, queue = HEAVY_WORK_QUEUE, perAddress = HEAVY_WORK_PER_ADDRESS } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Places (running or waiting) held per address; an address with none is not kept. */
  const held = new Map<string, number>();

  function hold(address: string | undefined): void {
    if (address === undefined) return;
    const count = held.get(address) ?? 0;
    if (count >= perAddress) throw new TooManyRequests(BUSY_RETRY_AFTER_SECONDS, OWN_UPLOADS_WAITING_MESSAGE);
    held.set(address, count + 1);
  }

  function letGo(address: string | undefined): void {
    if (address === undefined) return;
    const count = (held.get(address) ?? 1) - 1;
    if (count > 0) held.set(address, count);
    else held.delete(address);
  }

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
    async run<T>({ request, server, address }: HeavyWorkRequest, task: () => Promise<T> | T): Promise<T> {
      server?.timeout(request, HEAVY_WORK_IDLE_SECONDS);
      hold(address);
      try {
        await acquire(request);
      } catch (error) {
        letGo(address);
        throw error;
      }
      try {
        return await task();
      } finally {
        // The finished task's bodies and buffers are garbage now; handing them
        // back before the next task starts keeps the peak at one task's worth
        // (left alone, several piled up). It costs milliseconds.
        releaseMemory();
        letGo(address);
        release();
      }
    },
    /** For tests and logs: work running and waiting now. */
    load(): { running: number; waiting: number } {
      return { running, waiting: waiting.length };
    },
  };
}
