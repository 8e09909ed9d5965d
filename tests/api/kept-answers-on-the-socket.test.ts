import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { createApp, listen } from "../../src/app";
import type { RequestLogEntry } from "../../src/http/request-log";
import { addProduct } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

// A kept page is answered by the server's one fetch (app.answer) before Elysia sees the request
// (docs/decisions/0039-kept-answers-before-routing.md). Over a real socket, as the shop listens, that
// answer must be the very one the routed path gives: every header, its own request id and log line,
// conditional GETs, HEAD, encodings, personal paths never from memory, and a change seen at once.

let shop: TestShop;
let server: ReturnType<typeof listen>;
let origin: string;
const logged: RequestLogEntry[] = [];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { id: "planter", name: "Hex Planter", price_cents: 1200, stock: null, description: "A planter ".repeat(80) });
  app = createApp(shop.deps, { requestLog: (entry) => logged.push(entry) });
  server = listen(app, { hostname: "127.0.0.1", port: 0 });
  origin = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.stop(true);
  shop.close();
});

const ask = (path: string, init: RequestInit = {}) => fetch(`${origin}${path}`, { decompress: false, ...init } as RequestInit);
const BROTLI = { "accept-encoding": "br" };

/** An answer from memory: the page is asked for once (made, if it was not kept), then again. */
async function keptAnswer(path: string, headers: Record<string, string> = BROTLI): Promise<Response> {
  await (await ask(path, { headers })).arrayBuffer();
  const hits = app.responseCache.stats().hits;
  const kept = await ask(path, { headers });
  expect(app.responseCache.stats().hits).toBe(hits + 1);
  return kept;
}

describe("a kept page over the socket", () => {
  test("carries every header the page was made with, its Age, and a request id of its own, with the same body", async () => {
    const made = await ask("/products/planter", { headers: BROTLI });
    const madeBody = brotliDecompressSync(new Uint8Array(await made.arrayBuffer())).toString();
    const kept = await ask("/products/planter", { headers: BROTLI });
    expect(brotliDecompressSync(new Uint8Array(await kept.arrayBuffer())).toString()).toBe(madeBody);
    expect(madeBody).toContain("£12.00");
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "content-type",
      "cache-control",
      "etag",
      "vary",
      "content-encoding",
    ]) {
      expect({ name, value: kept.headers.get(name) }).toEqual({ name, value: made.headers.get(name) });
    }
    expect(kept.headers.get("age")).toMatch(/^\d+$/);
    expect(kept.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.headers.get("x-request-id")).not.toBe(made.headers.get("x-request-id"));
  });

  test("writes one log line per answer, under the request id it was sent with", async () => {
    const kept = await keptAnswer("/");
    await kept.arrayBuffer();
    const id = kept.headers.get("x-request-id");
    // Lines are handed to the logger as each answer goes out, not batched here.
    expect(logged.filter((entry) => entry.requestId === id)).toEqual([
      { method: "GET", path: "/", status: 200, durationMs: expect.any(Number), requestId: id! },
    ]);
  });

  test("kept answers in a row each carry an id of their own, and a routed answer of the same page never a kept one's", async () => {
    const answers = [await keptAnswer("/products/planter")];
    for (let i = 0; i < 4; i++) answers.push(await ask("/products/planter", { headers: BROTLI }));
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    expect(new Set(ids).size).toBe(answers.length);
    for (const id of ids) expect(logged.filter((entry) => entry.requestId === id)).toHaveLength(1);
    // HEAD goes through Elysia to the same kept entry: its id is the routed path's own, logged as such.
    const head = await ask("/products/planter", { method: "HEAD", headers: BROTLI });
    const headId = head.headers.get("x-request-id");
    expect(ids).not.toContain(headId);
    expect(logged.filter((entry) => entry.requestId === headId)).toEqual([
      { method: "HEAD", path: "/products/planter", status: 200, durationMs: expect.any(Number), requestId: headId! },
    ]);
  });

  test("a conditional GET with the page's ETag gets a bodiless 304 with the ETag and Age", async () => {
    const kept = await keptAnswer("/products/planter");
    await kept.arrayBuffer();
    const etag = kept.headers.get("etag")!;
    const again = await ask("/products/planter", { headers: { ...BROTLI, "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("age")).toMatch(/^\d+$/);
    expect(logged.at(-1)).toMatchObject({ path: "/products/planter", status: 304, requestId: again.headers.get("x-request-id")! });
  });

  test("a client that takes no encoding gets the plain page; gzip when that is all it takes", async () => {
    const plain = await keptAnswer("/products/planter", {});
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("£12.00");
    const gzip = await keptAnswer("/products/planter", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });

  test("HEAD answers the page's status and headers without its body", async () => {
    await (await ask("/products/planter")).arrayBuffer();
    const head = await ask("/products/planter", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^W\//);
    expect(head.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(await head.text()).toBe("");
  });

  test("a POST to a kept page's address is never answered from memory", async () => {
    await (await ask("/products/planter")).arrayBuffer();
    const hits = app.responseCache.stats().hits;
    const post = await ask("/products/planter", { method: "POST", body: "x" });
    expect(post.status).toBe(404);
    expect(await post.text()).not.toContain("Hex Planter");
    expect(app.responseCache.stats().hits).toBe(hits);
  });

  test("a personal page is never answered from memory and says no-store", async () => {
    for (const _time of [1, 2]) {
      const hits = app.responseCache.stats().hits;
      const admin = await ask("/admin");
      await admin.arrayBuffer();
      expect(admin.headers.get("cache-control")).toBe("no-store");
      expect(admin.headers.get("age")).toBeNull();
      expect(app.responseCache.stats().hits).toBe(hits);
    }
  });

  test("a change to what the page shows is on the very next answer", async () => {
    await (await keptAnswer("/products/planter", {})).arrayBuffer();
    shop.db.run("UPDATE products SET price_cents = 1350 WHERE id = 'planter'");
    const next = await ask("/products/planter");
    expect(next.headers.get("age")).toBeNull();
    expect(await next.text()).toContain("£13.50");
  });
});
