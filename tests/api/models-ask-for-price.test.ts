import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { PriceAnswer } from "../../shared/instant-prices";
import type { CustomRequestDetail } from "../../src/modules/admin-requests/model";
import { CAPTCHA_FAILED, CAPTCHA_MISSING, TOO_MANY_SENDS } from "../../src/modules/custom-requests/model";
import { PRICE_MESSAGES } from "../../src/modules/instant-prices/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { cubeStl, OWN_MODEL, priceOf, readyForModels, uploadModel } from "../support/instant-prices";
import { countRows } from "../support/test-app";
import { uploadsDir } from "../support/uploads-folder";
import { HANG_GUARD_MS } from "../support/wait-until";

// POST /api/models/ask-for-price: a model the instant price cannot cover (or any the shopper wants priced by
// hand) sent as a custom request with the request form's captcha, limit and words, carrying the file, its
// analysis and the estimate, and a quote draft the owner's quote editor opens with
// (docs/decisions/0042-instant-prices-calls-and-checkout.md).

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: "owner@strata.test" });
  readyForModels(shop);
  shop.db.query("UPDATE products SET lead_time_days = 3 WHERE id = ?").run(OWN_MODEL.id);
});
afterEach(() => shop.close());

async function captchaToken(): Promise<string> {
  const { body: challenge } = await shop.json<Challenge>("/api/captcha/challenge");
  const solution = await solveChallenge({ challenge, deriveKey, timeout: HANG_GUARD_MS });
  if (!solution) throw new Error("could not solve the challenge");
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

type Created = { id: string; attachments: { filename: string }[]; error?: string };

function ask(body: Record<string, unknown>) {
  return shop.json<Created>("/api/models/ask-for-price", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function uploaded(bytes = cubeStl(300), name = "big bracket.stl") {
  const { status, body } = await uploadModel(shop, bytes, { name });
  expect(status).toBe(201);
  return body.token;
}

const who = { name: "Grace Hopper", email: "grace@example.com" };

function nothingSent() {
  expect(countRows(shop.db, "custom_requests")).toBe(0);
  expect(countRows(shop.db, "custom_request_attachments")).toBe(0);
}

describe("a model sent to be priced by hand", () => {
  test("a model too big for the printers: the request carries the file, the analysis, the estimate and a filled quote draft", async () => {
    const token = await uploaded();
    const price = (await priceOf(shop, { token, material: "petg", colour: "Orange", quantity: 2 })).body as PriceAnswer;
    expect(price.status).toBe("review");

    const { status, body } = await ask({
      token,
      material: "petg",
      colour: "Orange",
      quantity: 2,
      ...who,
      note: "Can you split it?",
      captchaToken: await captchaToken(),
    });
    expect(status).toBe(201);
    expect(body).toEqual({ id: expect.stringMatching(/^REQ-/), attachments: [{ filename: "big bracket.stl" }] });

    const request = (await shop.call<CustomRequestDetail>(`/api/admin/custom-requests/${body.id}`)).body;
    expect(request).toMatchObject({ name: "Grace Hopper", email: "grace@example.com", material: "PETG", color: "Orange", status: "open" });
    expect(request.details.startsWith("Can you split it?\n")).toBe(true);
    expect(request.details).toContain("Model: big bracket.stl in PETG, Orange, 2 copies.");
    expect(request.details).toContain("Size: 300.0 × 300.0 × 300.0 mm");
    expect(request.details).toContain(`Why it needs a person: ${price.reasons.join(" ")}`);
    // The owner's quote editor opens with the estimate as its line: the top of the range for a model a person must price.
    expect(request.quote_draft).toEqual({
      lines: [{ description: "big bracket.stl in PETG, Orange", amount_cents: price.range_pence[1] / 2, quantity: 2 }],
      lead_time_days: expect.any(Number),
      message: null,
    });
    expect(request.quote_draft!.lead_time_days).toBeGreaterThanOrEqual(3);

    // The file is a copy the request keeps: the owner downloads the same bytes.
    const attachment = shop.db.query<{ stored_name: string }, []>("SELECT stored_name FROM custom_request_attachments").get()!;
    expect(attachment.stored_name).toMatch(/^r_[0-9a-f]{32}\.stl$/);
    expect(new Uint8Array(readFileSync(join(uploadsDir(shop), attachment.stored_name)))).toEqual(cubeStl(300));
    // The owner and the shopper are told, as for any custom request.
    const kinds = shop.db
      .query<{ kind: string }, []>("SELECT kind FROM email_outbox ORDER BY kind")
      .all()
      .map((row) => row.kind);
    expect(kinds).toEqual(["custom-request-ack", "custom-request-owner"]);
  });

  test("an instant model may still be asked about: its draft line is the instant price per copy", async () => {
    const token = await uploaded(cubeStl(20), "cube.stl");
    const price = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 })).body as PriceAnswer;
    const { status, body } = await ask({
      token,
      material: "pla",
      colour: "Black",
      quantity: 1,
      ...who,
      captchaToken: await captchaToken(),
    });
    expect(status).toBe(201);
    const request = (await shop.call<CustomRequestDetail>(`/api/admin/custom-requests/${body.id}`)).body;
    expect(request.details.startsWith("Please price my model.\n")).toBe(true);
    expect(request.quote_draft?.lines).toEqual([{ description: "cube.stl in PLA, Black", amount_cents: price.amount_pence!, quantity: 1 }]);
  });

  test("a request made from the ordinary form has no quote draft", async () => {
    shop.db.query("INSERT INTO custom_requests (id, name, email, details) VALUES ('REQ-PLAIN', 'Ada', 'ada@example.com', 'A vase')").run();
    expect((await shop.call<CustomRequestDetail>("/api/admin/custom-requests/REQ-PLAIN")).body.quote_draft).toBeNull();
  });
});

describe("refused by name, nothing sent", () => {
  /** Asks about a freshly uploaded model with `change` over a good request (a solved captcha unless it says otherwise). */
  async function refused(change: Record<string, unknown>, status: number, error: string) {
    const body = {
      token: await uploaded(),
      material: "pla",
      colour: "Black",
      quantity: 1,
      ...who,
      captchaToken: await captchaToken(),
      ...change,
    };
    const answer = await ask(body);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
    nothingSent();
  }

  test("no captcha", () => refused({ captchaToken: undefined }, 400, CAPTCHA_MISSING));
  test("a captcha that was not solved", () => refused({ captchaToken: "bm90IGEgc29sdXRpb24=" }, 400, CAPTCHA_FAILED));
  test("no email, in the request form's words", () => refused({ email: undefined }, 400, "Please enter your email address."));
  test("no name", () => refused({ name: undefined }, 400, "Please enter your name."));
  test("an unknown model", () => refused({ token: "A".repeat(43) }, 404, PRICE_MESSAGES.modelNotFound));
  test("an unknown material", () => refused({ material: "resin" }, 400, PRICE_MESSAGES.unknownMaterial("resin")));
  test("a note longer than 2000 characters", () => refused({ note: "x".repeat(2001) }, 400, "Your note can be at most 2000 characters."));

  test("the sixth request in ten minutes from one address, counted with the request form", async () => {
    const token = await uploaded();
    for (let i = 0; i < 5; i++) expect((await ask({ token, material: "pla", colour: "Black", quantity: 1, ...who })).status).toBe(400);
    const { status, body } = await ask({
      token,
      material: "pla",
      colour: "Black",
      quantity: 1,
      ...who,
      captchaToken: await captchaToken(),
    });
    expect({ status, error: body.error }).toEqual({ status: 429, error: TOO_MANY_SENDS });
    nothingSent();
  });
});
