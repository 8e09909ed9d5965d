import { describe, expect, test } from "bun:test";
import { BadRequest, PayloadTooLarge } from "../../src/errors";
import { readMultipartForm, type MultipartRules } from "../../src/http/read-body";

// The one reader of uploaded multipart bodies (src/http/read-body.ts), on real
// Requests: GPX and photo uploads, custom requests and the owner's pictures all
// read their bodies through it, each with its own limit and messages.

const RULES: MultipartRules = { maxBytes: 1024, tooLarge: "Files can be at most 1 KB." };
const STRICT: MultipartRules = { ...RULES, notMultipart: "Send the form as multipart/form-data.", unreadable: "The form could not be read." };
const ORIGIN = "http://shop.test/upload";

/** A real multipart request: what a browser sends for this form. */
function formRequest(fields: Record<string, string | File>): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return new Request(ORIGIN, { method: "POST", body: form });
}

/** A body that never ends, counting what the reader pulled from it. */
function endlessRequest(headers: Record<string, string> = {}) {
  const pulled = { bytes: 0 };
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += 256;
      controller.enqueue(new Uint8Array(256));
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request(ORIGIN, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", ...headers }, body });
  return { request, pulled, wasCancelled: () => cancelled };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string } | "read"> {
  try {
    await promise;
    return "read";
  } catch (error) {
    if (error instanceof PayloadTooLarge || error instanceof BadRequest) return { status: error.status, message: error.message };
    throw error;
  }
}

describe("readMultipartForm", () => {
  test("a form within the limit comes back whole: its fields and its file", async () => {
    const form = await readMultipartForm(formRequest({ productId: "map", gpx: new File(["<gpx/>"], "ride.gpx") }), RULES);
    expect(form.get("productId")).toBe("map");
    const file = form.get("gpx") as File;
    expect(file.name).toBe("ride.gpx");
    expect(await file.text()).toBe("<gpx/>");
  });

  test("a declared Content-Length past the limit: 413 with the caller's message, before a byte is read", async () => {
    const { request, pulled } = endlessRequest({ "content-length": "1025" });
    expect(await refusal(readMultipartForm(request, RULES))).toEqual({ status: 413, message: "Files can be at most 1 KB." });
    expect(pulled.bytes).toBeLessThanOrEqual(256);
  });

  test("a chunked body with no length: 413 just past the limit, the stream cancelled and never read to the end", async () => {
    const { request, pulled, wasCancelled } = endlessRequest();
    expect(await refusal(readMultipartForm(request, RULES))).toEqual({ status: 413, message: "Files can be at most 1 KB." });
    expect(wasCancelled()).toBe(true);
    expect(pulled.bytes).toBeLessThan(1024 + 4 * 256);
  });

  test("a body of exactly the limit is read", async () => {
    const request = formRequest({ note: "x" });
    const size = (await request.clone().arrayBuffer()).byteLength;
    const form = await readMultipartForm(request, { ...RULES, maxBytes: size });
    expect(form.get("note")).toBe("x");
  });

  test("a body one byte over the limit is refused", async () => {
    const request = formRequest({ note: "x" });
    const size = (await request.clone().arrayBuffer()).byteLength;
    expect(await refusal(readMultipartForm(request, { ...RULES, maxBytes: size - 1 }))).toEqual({ status: 413, message: "Files can be at most 1 KB." });
  });

  test("not multipart, with a message: 400 with it, the body unread", async () => {
    const request = new Request(ORIGIN, { method: "POST", headers: { "content-type": "application/json" }, body: '{"gpx":"x"}' });
    expect(await refusal(readMultipartForm(request, STRICT))).toEqual({ status: 400, message: "Send the form as multipart/form-data." });
  });

  test("not multipart, without a message: an empty form (the caller then says which file is missing)", async () => {
    const request = new Request(ORIGIN, { method: "POST", headers: { "content-type": "application/json" }, body: '{"gpx":"x"}' });
    expect([...(await readMultipartForm(request, RULES)).keys()]).toEqual([]);
  });

  test("a broken multipart body, with a message: 400 with it", async () => {
    const request = new Request(ORIGIN, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "no parts here" });
    expect(await refusal(readMultipartForm(request, STRICT))).toEqual({ status: 400, message: "The form could not be read." });
  });

  test("a broken multipart body, without a message: an empty form", async () => {
    const request = new Request(ORIGIN, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "no parts here" });
    expect([...(await readMultipartForm(request, RULES)).keys()]).toEqual([]);
  });
});
