import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { startTurnstileStandIn, type TurnstileStandIn } from "../support/turnstile-stand-in";
import { filesInUploads } from "../support/uploads-folder";

// With TURNSTILE_* set the shop asks Cloudflare's siteverify (here a local
// stand-in) about each token instead of running its own ALTCHA.

const SITE_KEY = "0x4AAAAAAA-test-site-key";
const CAPTCHA_FAILED = { error: "The captcha could not be verified. Please try again." };

let turnstile: TurnstileStandIn;
let shop: TestShop;

beforeEach(async () => {
  turnstile = startTurnstileStandIn();
  shop = await createTestShop({
    TURNSTILE_SITE_KEY: SITE_KEY,
    TURNSTILE_SECRET_KEY: turnstile.secret,
    TURNSTILE_VERIFY_URL: turnstile.verifyUrl,
  });
});
afterEach(async () => {
  shop.close();
  await turnstile.stop();
});

function send(captchaToken: string) {
  const body = new FormData();
  body.append("name", "Grace Hopper");
  body.append("email", "grace@example.com");
  body.append("details", "A name plate for my desk.");
  body.append("attachments", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "sketch.pdf", { type: "application/pdf" }));
  body.append("captchaToken", captchaToken);
  return shop.json<{ id?: string; error?: string }>("/api/custom-request", { method: "POST", body });
}

function expectNothingStored() {
  expect(countRows(shop.db, "custom_requests")).toBe(0);
  expect(countRows(shop.db, "custom_request_attachments")).toBe(0);
  expect(countRows(shop.db, "email_outbox")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

describe("Turnstile configured", () => {
  test("the browser is told to use Turnstile with the site key, and never sees the secret", async () => {
    const { status, body } = await shop.json("/api/captcha/config");
    expect(status).toBe(200);
    expect(body).toEqual({ kind: "turnstile", siteKey: SITE_KEY });
  });

  test("there is no ALTCHA challenge: 404", async () => {
    const { status, body } = await shop.json<{ error: string }>("/api/captcha/challenge");
    expect(status).toBe(404);
    expect(body.error).toBe("This shop uses Turnstile: there is no ALTCHA challenge to fetch.");
  });

  test("a good token is accepted and siteverify is asked with the secret and the token", async () => {
    const { status, body } = await send(turnstile.issue("XXXX.good-token"));
    expect(status).toBe(201);
    expect(body.id).toMatch(/^REQ-/);
    expect(countRows(shop.db, "custom_requests")).toBe(1);
    expect(turnstile.calls).toEqual([{ secret: turnstile.secret, response: "XXXX.good-token", remoteip: null }]);
  });

  test("a bad token is refused with the captcha message and nothing is stored", async () => {
    turnstile.issue("XXXX.good-token");
    const { status, body } = await send("XXXX.made-up-token");
    expect(status).toBe(400);
    expect(body).toEqual(CAPTCHA_FAILED);
    expectNothingStored();
  });

  test("a token used twice is refused the second time (timeout-or-duplicate)", async () => {
    const token = turnstile.issue("XXXX.once-only");
    expect((await send(token)).status).toBe(201);
    const second = await send(token);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(CAPTCHA_FAILED);
    expect(countRows(shop.db, "custom_requests")).toBe(1);
  });

  test("siteverify out of reach: refused with the captcha message, nothing stored", async () => {
    const token = turnstile.issue("XXXX.good-token");
    await turnstile.stop();
    const quiet = console.error;
    console.error = () => {};
    try {
      const { status, body } = await send(token);
      expect(status).toBe(400);
      expect(body).toEqual(CAPTCHA_FAILED);
    } finally {
      console.error = quiet;
    }
    expectNothingStored();
  });
});
