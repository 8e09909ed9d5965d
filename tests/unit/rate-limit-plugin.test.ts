import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { HttpError } from "../../src/errors";
import { createRateLimit } from "../../src/http/rate-limit";
import { clientAddressPlugin } from "../../src/http/rate-limit-plugin";

/** A module as the shop writes one: the plugin, then a route that limits itself in one line. */
function limitedModule(limit = 2) {
  const lookups = createRateLimit({ limit, windowMs: 60_000, message: "Too many look-ups. Please wait a minute and try again." });
  return new Elysia()
    .onError(({ error }) => {
      if (error instanceof HttpError) return Response.json({ error: error.message }, { status: error.status, headers: error.headers });
    })
    .use(clientAddressPlugin(false))
    .get("/look-up", ({ address }) => {
      lookups.count(address);
      return { address };
    });
}

// app.handle has no socket: the address is "unknown", as in every API test.
const from = () => new Request("http://shop.test/look-up");

describe("clientAddressPlugin and createRateLimit", () => {
  test("give a route the sender's address, and its (limit + 1)th call in a window is 429 with Retry-After and the limit's message", async () => {
    const module = limitedModule();
    for (let attempt = 1; attempt <= 2; attempt++) {
      const ok = await module.handle(from());
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ address: "unknown" });
    }
    const refused = await module.handle(from());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.json()).toEqual({ error: "Too many look-ups. Please wait a minute and try again." });
  });

  test("a limit without its own message answers with TooManyRequests' default", () => {
    const challenges = createRateLimit({ limit: 0, windowMs: 60_000 });
    expect(() => challenges.count("203.0.113.7")).toThrow("Too many attempts. Please wait a moment and try again.");
  });

  test("count() lets the next attempt through once the window has passed", () => {
    let clock = 1_000_000;
    const limit = createRateLimit({ limit: 1, windowMs: 60_000, now: () => clock });
    limit.count("203.0.113.7");
    expect(() => limit.count("203.0.113.7")).toThrow(HttpError);
    clock += 60_000;
    expect(() => limit.count("203.0.113.7")).not.toThrow();
  });
});
