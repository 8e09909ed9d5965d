import { describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { BadRequest, HttpError, PayloadTooLarge } from "../../src/errors";
import { bodyTimeLimitMs, type MultipartRules, readMultipartForm } from "../../src/http/read-body";

// The one reader of uploaded multipart bodies (src/http/read-body.ts), on real
// Requests: GPX and photo uploads, custom requests and the owner's pictures all
// read their bodies through it, each with its own limit and messages.

const RULES: MultipartRules = { maxBytes: 1024, tooLarge: "Files can be at most 1 KB." };
const STRICT: MultipartRules = {
  ...RULES,
  notMultipart: "Send the form as multipart/form-data.",
  unreadable: "The form could not be read.",
};
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
    expect(await refusal(readMultipartForm(request, { ...RULES, maxBytes: size - 1 }))).toEqual({
      status: 413,
      message: "Files can be at most 1 KB.",
    });
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
    const request = new Request(ORIGIN, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "no parts here",
    });
    expect(await refusal(readMultipartForm(request, STRICT))).toEqual({ status: 400, message: "The form could not be read." });
  });

  test("a broken multipart body, without a message: an empty form", async () => {
    const request = new Request(ORIGIN, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "no parts here",
    });
    expect([...(await readMultipartForm(request, RULES)).keys()]).toEqual([]);
  });
});

describe("a body that trickles in", () => {
  /** A real server whose one route reads its body through the reader, answering errors as the app does. */
  function serveReader(rules: MultipartRules) {
    return Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        try {
          const form = await readMultipartForm(request, rules);
          return Response.json({ fields: [...form.keys()] });
        } catch (error) {
          if (error instanceof HttpError) return Response.json({ error: error.message }, { status: error.status });
          throw error;
        }
      },
    });
  }

  /**
   * Sends a body on a real socket the way a slow-loris sender does: the headers
   * and a first part, then one byte every 50 ms, never idle long enough for an
   * idle timeout, never finishing. Resolves with what the server answers.
   */
  function trickle(port: number, declaredBytes: number): Promise<string> {
    return new Promise((resolve, reject) => {
      let answer = "";
      let drip: Timer | undefined;
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declaredBytes}\r\n\r\n--x\r\nContent-Disposition: form-data; name="gpx"; filename="ride.gpx"\r\n\r\n<gpx>`,
        );
        drip = setInterval(() => socket.write(" "), 50);
      });
      socket.on("data", (chunk) => {
        answer += chunk.toString();
        // The whole JSON answer is in: done, and the sender gives up.
        if (answer.includes("}")) {
          clearInterval(drip);
          socket.destroy();
          resolve(answer);
        }
      });
      socket.on("error", (error) => {
        clearInterval(drip);
        reject(error);
      });
    });
  }

  test("a body still trickling in after its time limit is stopped with 408 and a message that says what to do", async () => {
    const server = serveReader({ ...RULES, maxBytes: 10_000, timeLimitMs: 300 });
    try {
      const answer = await trickle(server.port!, 5_000);
      expect(answer).toStartWith("HTTP/1.1 408");
      expect(answer.slice(answer.indexOf("{"))).toBe(
        JSON.stringify({ error: "The upload arrived too slowly and was stopped. Please check your connection and try again." }),
      );
    } finally {
      server.stop(true);
    }
  });

  test("the time limit allows 1 Mbit/s for the body's declared size, and never less than 30 seconds", () => {
    expect(bodyTimeLimitMs(100 * 1024)).toBe(30_000);
    // A 15 MB photo: two minutes.
    expect(bodyTimeLimitMs(15 * 1024 * 1024)).toBe(120_000);
    // A custom request's 31 MB: about four minutes, still an end.
    expect(bodyTimeLimitMs(31 * 1024 * 1024)).toBe(248_000);
  });
});
