import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressAnswer, pickEncoding } from "../../src/http/compression";

// Answers made for one request: a short one compressed whole (brotli first), a long one or a stream gzipped as
// it streams, never held whole (docs/decisions/0032-exports-off-the-main-thread.md).

const BROWSER = "gzip, deflate, br, zstd";

function askedWith(acceptEncoding: string): Request {
  return new Request("http://shop.test/api/admin/orders", { headers: { "Accept-Encoding": acceptEncoding } });
}

/** Text that does not repeat itself, so it compresses like a real page of orders rather than to nothing. */
function orderLines(count: number): string {
  let text = "";
  for (let n = 0; n < count; n += 1) text += `ORD-${(n * 7919).toString(36).toUpperCase()},Shopper ${n},${(n * 31) % 997}.00\n`;
  return text;
}

describe("compressAnswer", () => {
  test("a short answer is compressed whole with brotli when the browser takes it", async () => {
    const body = orderLines(200);
    const answer = await compressAnswer(new Response(body, { headers: { "Content-Type": "text/plain" } }), askedWith(BROWSER));
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(new Uint8Array(await answer.arrayBuffer())).toString()).toBe(body);
  });

  test("an answer longer than 64 kB made at once is gzipped as it streams, not compressed in one call", async () => {
    const body = orderLines(5000);
    expect(body.length).toBeGreaterThan(64 * 1024);
    const answer = await compressAnswer(new Response(body, { headers: { "Content-Type": "application/json" } }), askedWith(BROWSER));
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(answer.headers.get("content-length")).toBeNull();
    expect(gunzipSync(new Uint8Array(await answer.arrayBuffer())).toString()).toBe(body);
  });

  test("a stream is read only as far as the client reads: most of a long one is still unmade after the first compressed bytes", async () => {
    const chunk = new TextEncoder().encode(orderLines(300));
    const chunks = 400;
    let made = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        made += 1;
        controller.enqueue(chunk.slice());
        if (made === chunks) controller.close();
      },
    });
    const answer = await compressAnswer(new Response(source, { headers: { "Content-Type": "text/csv" } }), askedWith(BROWSER));
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    const reader = answer.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(made).toBeLessThan(chunks / 2);
    const rest: Uint8Array[] = [first.value!];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value);
    expect(made).toBe(chunks);
    expect(gunzipSync(Buffer.concat(rest)).byteLength).toBe(chunk.byteLength * chunks);
  });

  test("a long answer to a client that takes brotli but not gzip goes uncompressed, whole", async () => {
    const body = orderLines(5000);
    const answer = await compressAnswer(new Response(body, { headers: { "Content-Type": "text/plain" } }), askedWith("br"));
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(await answer.text()).toBe(body);
  });
});

describe("pickEncoding", () => {
  test("brotli first, then gzip; q=0 refuses one; * stands for gzip", () => {
    expect(pickEncoding(BROWSER)).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*;q=1")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(null)).toBeNull();
  });

  test("offered gzip alone, a browser's header picks gzip", () => {
    expect(pickEncoding(BROWSER, ["gzip"])).toBe("gzip");
    expect(pickEncoding("br", ["gzip"])).toBeNull();
  });
});
