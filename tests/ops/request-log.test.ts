import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes, randomUUID } from "node:crypto";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { createRequestLineLog, looksLikeToken, type RequestLogEntry } from "../../src/http/request-log";
import { createTestShop, TEST_ORIGIN, type TestShop } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

describe("redactPath", () => {
  // The app's own redaction, derived from the routes' declared secret parameters (src/http/route-policy.ts).
  let shop: TestShop;
  let redactPath: (pathname: string) => string;
  beforeAll(async () => {
    shop = await createTestShop();
    redactPath = shop.app.routePolicies.redactPath;
  });
  afterAll(() => shop.close());

  test("keeps ordinary paths, slugs and order ids readable", () => {
    for (const path of [
      "/",
      "/products",
      "/products/plant-labels",
      "/products/personalised-relief-map",
      "/products/relief-map-2025",
      "/order/ORD-0123456789ABCDEFGHJKMNPQRS",
      "/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS",
      "/api/admin/products/hex-planter/images",
      "/assets/client-kawx1058.js",
      "/media/planter-terracotta-25e3c7bf1c.webp",
    ]) {
      expect(redactPath(path)).toBe(path);
    }
  });

  test("replaces upload tokens, payment session ids and other random strings", () => {
    const token = randomBytes(32).toString("base64url");
    const session = `cs_demo_${randomBytes(18).toString("base64url").replace(/-/g, "_")}`;
    expect(redactPath(`/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/gpx/${token}`)).toBe(
      "/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/gpx/:redacted",
    );
    expect(redactPath(`/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/image/short`)).toBe(
      "/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/image/:redacted",
    );
    expect(redactPath(`/checkout/demo/${session}`)).toBe("/checkout/demo/:redacted");
    expect(redactPath(`/checkout/demo/${session}/pay`)).toBe("/checkout/demo/:redacted/pay");
    expect(redactPath(`/checkout/demo/x/cancel`)).toBe("/checkout/demo/:redacted/cancel");
    expect(redactPath(`/api/uploads/${token}/preview.svg`)).toBe("/api/uploads/:redacted/preview.svg");
    expect(redactPath(`/api/admin/download/gpx/${token}`)).toBe("/api/admin/download/gpx/:redacted");
    expect(redactPath(`/anything/${randomUUID()}`)).toBe("/anything/:redacted");
    expect(redactPath(`/anything/${randomBytes(16).toString("hex")}/more`)).toBe("/anything/:redacted/more");
    expect(redactPath(`/stripe/cs_test_a1B2c3D4e5F6g7H8i9J0kLmN`)).toBe("/stripe/:redacted");
  });

  test("checks percent-decoded segments, so encoding a token does not hide it", () => {
    const token = randomBytes(24).toString("base64url");
    expect(redactPath(`/x/${encodeURIComponent(token).replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`)).toBe(
      "/x/:redacted",
    );
  });

  test("looksLikeToken: 16+ random-looking characters, never a word slug", () => {
    expect(looksLikeToken("abcdefghijklmnop")).toBe(false);
    expect(looksLikeToken("Abcdefghijklmnop")).toBe(true);
    expect(looksLikeToken("short1A")).toBe(false);
    expect(looksLikeToken("k3J9sd8f7g6h5j4k")).toBe(true);
  });
});

describe("the request log of createApp", () => {
  let shop: TestShop;
  const entries: RequestLogEntry[] = [];
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    shop = await createTestShop();
    app = createApp(shop.deps, { requestLog: (entry) => entries.push(entry) });
  });
  afterAll(() => shop.close());

  test("one entry per request — pages, API answers, errors, 404s — with the id sent back as X-Request-Id and no query string", async () => {
    const calls: [string, RequestInit?][] = [
      ["/products?secret=abc"],
      ["/api/catalog"],
      ["/api/products/nope"],
      ["/api/no-such-endpoint?token=xyz"],
      ["/api/checkout", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{broken" }],
    ];
    const answers: Response[] = [];
    for (const [path, init] of calls) answers.push(await app.answer(new Request(`${TEST_ORIGIN}${path}`, init)));
    expect(entries).toHaveLength(calls.length);
    expect(entries.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "GET", path: "/products", status: 200 },
      { method: "GET", path: "/api/catalog", status: 200 },
      { method: "GET", path: "/api/products/nope", status: 404 },
      { method: "GET", path: "/api/no-such-endpoint", status: 404 },
      { method: "POST", path: "/api/checkout", status: 400 },
    ]);
    expect(entries.map((entry): string | null => entry.requestId)).toEqual(answers.map((answer) => answer.headers.get("x-request-id")));
    for (const entry of entries) expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe("the request lines main.ts writes (createRequestLineLog, as logRequestLine on standard output)", () => {
  // Put together by hand for speed (src/http/request-log.ts); it must read exactly as log("info", "request", entry) would.
  const entries: RequestLogEntry[] = [
    { method: "GET", path: "/products/hex-planter", status: 200, durationMs: 0.4, requestId: randomUUID() },
    // The same path again: its quoted form is remembered, and must still be right.
    { method: "GET", path: "/products/hex-planter", status: 304, durationMs: 0, requestId: randomUUID() },
    { method: "PROPFIND", path: '/a "quoted" path\\with\u00e9\u2028and\ttab', status: 404, durationMs: 12.3, requestId: 'not-a-uuid "x"' },
    { method: "POST", path: "/api/checkout", status: 500, durationMs: 1, requestId: "0123456789abcdef0123456789abcdef0123" },
    // Numbers are written digit by digit where they are whole or in tenths; any other must still read as JSON has it.
    { method: "GET", path: "/", status: 200, durationMs: 1234567.8, requestId: randomUUID() },
    { method: "GET", path: "/", status: 200, durationMs: 0.05, requestId: randomUUID() },
    { method: "GET", path: "/", status: 99, durationMs: 1e21, requestId: randomUUID() },
    { method: "GET", path: "/", status: -1.2345678901234567e-123, durationMs: -1.2345678901234567e123, requestId: randomUUID() },
    { method: "GET", path: "/", status: 200, durationMs: Number.NaN, requestId: randomUUID() },
  ];
  const dir = mkdtempSync(join(tmpdir(), "strata-request-lines-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("is, for every entry, the JSON line log() writes: awkward methods, paths and ids quoted the same way", async () => {
    const file = join(dir, "lines.log");
    const fd = openSync(file, "w");
    try {
      const lines = createRequestLineLog(fd);
      for (const entry of entries) lines.line(entry);
      await lines.written();
    } finally {
      closeSync(fd);
    }
    const written = readFileSync(file, "utf8").split("\n").filter(Boolean);
    expect(written).toHaveLength(entries.length);
    for (const [index, line] of written.entries()) {
      const time = (JSON.parse(line) as { time: string }).time;
      expect(line).toBe(JSON.stringify({ time, level: "info", msg: "request", ...entries[index] }));
    }
  });

  // A pipe nobody reads yet stands for an output that sleeps (a disk the kernel makes writers wait for, a log
  // reader behind): with the write in line, the call below would never return.
  test("a write the output makes wait does not hold up the caller, and every line arrives whole and in order", async () => {
    await withPipe(join(dir, "slow-output"), async (writeEnd, readEnd) => {
      const lines = createRequestLineLog(writeEnd);
      // Past the pipe's 64 kB, so the write cannot finish until someone reads.
      const many = Array.from({ length: 2_000 }, (_, index) => ({ ...entries[0]!, durationMs: index }));
      // Returning at all is the first half: a write in line into the full pipe would sleep here for good.
      for (const entry of many) lines.line(entry);
      const written = lines.written();
      const received = await readUntil(readEnd, many.length);
      await written;
      expect(received.map((line) => (JSON.parse(line) as { durationMs: number }).durationMs)).toEqual(
        many.map((entry) => entry.durationMs),
      );
    });
  });

  test("an output that takes nothing for seconds of lines loses the newest, and a warning line says how many", async () => {
    await withPipe(join(dir, "stuck-output"), async (writeEnd, readEnd) => {
      const lines = createRequestLineLog(writeEnd);
      // Over 9 MB of lines while the first write waits for a reader: past the 8 MB that may wait behind it.
      const logged = 50_001;
      for (let index = 0; index < logged - 1; index++) lines.line({ ...entries[0]!, durationMs: index });
      void lines.written();
      // A batch of one line would fit in what room is left behind the waiting ones; it goes too, so no gap opens.
      lines.line({ ...entries[0]!, durationMs: logged - 1 });
      const written = lines.written();
      const received: string[] = [];
      await waitUntil(
        () => {
          received.push(...readLines(readEnd));
          return received.some((line) => line.includes('"level":"warn"'));
        },
        20_000,
        "the warning line read from the pipe",
      );
      await written;
      received.push(...readLines(readEnd));
      const warning = JSON.parse(received.find((line) => line.includes('"level":"warn"'))!) as { msg: string; lines: number };
      const requests = received.filter((line) => line.includes('"msg":"request"'));
      expect(warning.msg).toBe("request lines dropped: the log output fell behind");
      expect(warning.lines).toBeGreaterThan(0);
      expect(requests.length + warning.lines).toBe(logged);
      // The lines kept are the oldest, in order and whole.
      expect(requests.map((line) => (JSON.parse(line) as { durationMs: number }).durationMs)).toEqual(
        Array.from({ length: requests.length }, (_, index) => index),
      );
    });
  });
});

/**
 * A named pipe made at `fifo` for `use`: its writing end blocks when the pipe is full (as an output that sleeps does), its
 * reading end never blocks. Both are closed after.
 */
async function withPipe(fifo: string, use: (writeEnd: number, readEnd: number) => Promise<void>): Promise<void> {
  Bun.spawnSync(["mkfifo", fifo]);
  const writeEnd = openSync(fifo, constants.O_RDWR);
  const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    await use(writeEnd, readEnd);
  } finally {
    closeSync(readEnd);
    closeSync(writeEnd);
  }
}

/** What a non-blocking descriptor holds now, as text (nothing when it holds nothing yet). */
function drain(fd: number): string {
  const chunk = Buffer.alloc(64 * 1024);
  let text = "";
  for (;;) {
    let read = 0;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch {
      break;
    }
    if (read <= 0) break;
    text += chunk.subarray(0, read).toString("utf8");
  }
  return text;
}

let partial = "";
/** The whole lines a non-blocking descriptor has now (what is cut off waits for the next call). */
function readLines(fd: number): string[] {
  partial += drain(fd);
  const lines = partial.split("\n");
  partial = lines.pop() ?? "";
  return lines.filter(Boolean);
}

/** Reads whole lines from a non-blocking descriptor until `count` have come, waiting on the pipe between reads. */
async function readUntil(fd: number, count: number): Promise<string[]> {
  let text = "";
  await waitUntil(
    () => {
      text += drain(fd);
      return text.split("\n").filter(Boolean).length >= count;
    },
    10_000,
    "every request line read from the pipe",
  );
  return text.split("\n").filter(Boolean);
}
