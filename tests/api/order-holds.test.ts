import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { ASK, answerHold, askCustomer, type HoldAnswer, readHold, shopperOrder, tokenOf } from "../support/holds";
import { countRows, TEST_ORIGIN } from "../support/test-app";

// "Needs your input" (docs/decisions/0048-order-holds.md): the owner pauses a paid order for the shopper's answer;
// the shopper answers through a private link. Every order is a real one: checkout, demo payment, confirm.

const OWNER = "owner@strata.test";
const NOT_FOUND = { error: "This question was not found. Please use the link from your email." };

let shop: OwnerShop;
let orderId: string;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: OWNER });
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 10 });
  orderId = (await buyThroughDemoCheckout(shop, units(2, { id: "feeder" }))).orderId;
});
afterEach(() => shop.close());

function emailsOfKind(kind: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === kind);
}

function holdRows(): number {
  return countRows(shop.db, "order_holds");
}

async function openHold(body: unknown = ASK): Promise<{ id: string; token: string; url: string }> {
  const made = await askCustomer(shop, orderId, body);
  expect(made.status).toBe(201);
  return { id: made.body.id, token: tokenOf(made.body.url), url: made.body.url };
}

describe("the owner asks the customer", () => {
  test("a question opens a hold: the private link, the shopper's email, and the order reads waiting", async () => {
    const { id, token, url } = await openHold();
    expect(url).toBe(`${TEST_ORIGIN}/order/${orderId}/hold/${id}?t=${token}`);
    // At least 128 random bits: 256-bit tokens are 43 base64url characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = shop.db.query<{ token_hash: string }, [string]>("SELECT token_hash FROM order_holds WHERE id = ?").get(id);
    expect(stored?.token_hash).not.toContain(token);

    const [email] = emailsOfKind("hold");
    expect(email?.recipient).toBe("ada@example.co.uk");
    expect(email?.text).toContain(url);
    expect(email?.text).toContain("If we have not heard from you by");
    expect(email?.text).toContain("your order keeps waiting for your answer");

    const order = await shopperOrder(shop, orderId);
    expect(order.body.stage).toBe("waiting");
    expect(order.body.stages.at(-1)?.stage).toBe("waiting");
    expect(order.body.hold).toEqual({ id, status: "waiting", since: expect.any(String), window_ends: expect.any(String) });
    const admin = await shop.call<{ stage: string; hold: { id: string; status: string } }>(`/api/admin/orders/${orderId}`);
    expect(admin.body.stage).toBe("waiting");
    expect(admin.body.hold.id).toBe(id);
  });

  test("the shopper reads the question through the link: the message, the proofs, the window and every round", async () => {
    const { id, token } = await openHold({ ...ASK, allow_cancel: false, window_days: 5 });
    const read = await readHold(shop, orderId, id, token);
    expect(read.status).toBe(200);
    expect(read.response.headers.get("cache-control")).toContain("no-store");
    expect(read.body).toMatchObject({
      id,
      status: "waiting",
      reason: "photo_quality",
      message: ASK.message,
      proofs: [{ url: "/media/feeder-proof.jpg" }],
      allow_cancel: false,
    });
    expect(read.body.versions).toHaveLength(1);
    expect(read.body.window_ends).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("an order with no hold answers hold: null", async () => {
    const order = await shopperOrder(shop, orderId);
    expect(order.body.hold).toBeNull();
    expect(order.body.stage).toBe("queued");
  });
});

describe("refusals of the owner's question, nothing stored", () => {
  const refusals: [string, unknown, string][] = [
    [
      "an unknown reason",
      { ...ASK, reason: "too_blue" },
      "The reason must be one of photo_quality, route_edge, model_printability, confirm_text, approve_proof, other.",
    ],
    ["no message", { ...ASK, message: "   " }, "Write the message the customer will read."],
    ["a message over 2000 characters", { ...ASK, message: "x".repeat(2001) }, "The message can be at most 2000 characters."],
    [
      "proof_urls that are not a list",
      { ...ASK, proof_urls: "/media/a.jpg" },
      "proof_urls must be a list of picture addresses (an empty list when there is nothing to show).",
    ],
    [
      "a proof picture on another site",
      { ...ASK, proof_urls: ["https://evil.example/a.jpg"] },
      "Each proof picture must be one the shop serves: a /media/… picture (the admin image upload gives one) or an upload's preview (/api/uploads/…/preview.jpg).",
    ],
    [
      "a proof address that is a script",
      { ...ASK, proof_urls: ["javascript:alert(1)"] },
      "Each proof picture must be one the shop serves: a /media/… picture (the admin image upload gives one) or an upload's preview (/api/uploads/…/preview.jpg).",
    ],
    [
      "a proof path outside the pictures",
      { ...ASK, proof_urls: ["/media/../shop.db"] },
      "Each proof picture must be one the shop serves: a /media/… picture (the admin image upload gives one) or an upload's preview (/api/uploads/…/preview.jpg).",
    ],
    [
      "a line that is not a whole number",
      { ...ASK, line_index: 0.5 },
      "line_index must be the number of one of the order's lines, counting from 0.",
    ],
    ["allow_cancel left out", { ...ASK, allow_cancel: undefined }, "allow_cancel must be true or false."],
    ["an unknown default action", { ...ASK, default_action: "refund" }, 'default_action must be "approve" or "wait".'],
    ["a window of no days", { ...ASK, window_days: 0 }, "window_days must be a whole number of working days from 1 to 60."],
    ["a window over 60 days", { ...ASK, window_days: 61 }, "window_days must be a whole number of working days from 1 to 60."],
    ["a body that is not an object", "ask", "Send the question as JSON with reason, message, proof_urls, allow_cancel and default_action."],
  ];
  for (const [name, body, message] of refusals) {
    test(`${name} is 400`, async () => {
      const made = await askCustomer(shop, orderId, body);
      expect(made.status).toBe(400);
      expect(made.body).toEqual({ error: message } as never);
      expect(holdRows()).toBe(0);
      expect(emailsOfKind("hold")).toHaveLength(0);
    });
  }

  test("a line the order does not have is 400", async () => {
    const made = await askCustomer(shop, orderId, { ...ASK, line_index: 1 });
    expect(made.status).toBe(400);
    expect(made.body).toEqual({ error: "line_index must be the number of one of the order's lines, counting from 0." } as never);
    expect(holdRows()).toBe(0);
  });

  test("an absolute proof address on the shop's own site is taken", async () => {
    const made = await askCustomer(shop, orderId, { ...ASK, proof_urls: [`${TEST_ORIGIN}/media/feeder-proof.jpg`] });
    expect(made.status).toBe(201);
  });

  test("an unknown order is 404", async () => {
    const made = await askCustomer(shop, "ORD-NOPE", ASK);
    expect(made.status).toBe(404);
    expect(made.body).toEqual({ error: "Order not found." } as never);
    expect(holdRows()).toBe(0);
  });

  test("a cancelled order is 409", async () => {
    await shop.call(`/api/admin/orders/${orderId}/status`, { method: "POST", body: { status: "canceled" } });
    const made = await askCustomer(shop, orderId, ASK);
    expect(made.status).toBe(409);
    expect(made.body).toEqual({ error: "This order is cancelled and cannot be updated." } as never);
    expect(holdRows()).toBe(0);
  });

  test("a dispatched order is 409", async () => {
    const tracked = await shop.call(`/api/admin/orders/${orderId}/tracking`, {
      method: "POST",
      body: { carrier: "Royal Mail", number: "RM123456789GB", url: "" },
    });
    expect(tracked.status).toBe(200);
    const made = await askCustomer(shop, orderId, ASK);
    expect(made.status).toBe(409);
    expect(made.body).toEqual({
      error: "This order has already been dispatched, so there is nothing left to ask the customer about.",
    } as never);
    expect(holdRows()).toBe(0);
  });

  test("a second open question on the same order is 409", async () => {
    await openHold();
    const second = await askCustomer(shop, orderId, { ...ASK, reason: "confirm_text" });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: "This order already has a question waiting for the customer. Wait for the answer, or send a new proof round on it.",
    } as never);
    expect(holdRows()).toBe(1);
    expect(emailsOfKind("hold")).toHaveLength(1);
  });
});

describe("the private link", () => {
  test("a wrong token, no token, an unknown hold and another order's path all answer the same 404", async () => {
    const { id, token } = await openHold();
    // Its last character changed (to B when it already is A, so the wrong token is never the right one by chance).
    const wrong = await readHold(shop, orderId, id, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
    const missing = await readHold(shop, orderId, id, null);
    const unknown = await readHold(shop, orderId, "hold_000000000000000000000000", token);
    const otherOrder = await readHold(shop, "ORD-ZZZZ", id, token);
    for (const answer of [wrong, missing, unknown, otherOrder]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND as never);
    }
  });

  test("an answer with a wrong token is the same 404 and changes nothing", async () => {
    const { id } = await openHold();
    const answered = await answerHold(shop, orderId, id, "approve", { t: "not-the-token" });
    expect(answered.status).toBe(404);
    expect(answered.body).toEqual(NOT_FOUND as never);
    expect((await shopperOrder(shop, orderId)).body.stage).toBe("waiting");
  });

  test("an answer posted from another site is 403", async () => {
    const { id, token } = await openHold();
    const answered = await shop.json(`/api/orders/${orderId}/holds/${id}/approve`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ t: token }),
    });
    expect(answered.status).toBe(403);
    expect(answered.body).toEqual({ error: "Questions about an order can only be answered from this shop's own page." });
  });
});

describe("the shopper answers", () => {
  test("approve: the hold closes, the order goes back to its stage and the owner is told", async () => {
    const { id, token } = await openHold();
    const approved = await answerHold(shop, orderId, id, "approve", { t: token });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    expect(approved.body.versions[0]?.answer).toBe("approved");
    const order = await shopperOrder(shop, orderId);
    expect(order.body.stage).toBe("queued");
    expect(order.body.hold).toMatchObject({ id, status: "approved" });
    const [notice] = emailsOfKind("hold-answer");
    expect(notice?.recipient).toBe(OWNER);
    expect(notice?.subject).toContain("approved the proof");
  });

  test("ask for a change without a message is 400 and answers nothing", async () => {
    const { id, token } = await openHold();
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: " " });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ error: "Tell us what you would like changed." } as never);
    const read = await readHold(shop, orderId, id, token);
    expect(read.body.status).toBe("waiting");
    expect(read.body.versions[0]?.answer).toBeNull();
    expect(emailsOfKind("hold-answer")).toHaveLength(0);
  });

  test("ask for a change, then the owner's new proof round, then approve", async () => {
    const { id, token } = await openHold();
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: "Here is what I meant: less sky." });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe("changes_requested");
    expect(asked.body.versions[0]).toMatchObject({ answer: "changes_requested", answer_message: "Here is what I meant: less sky." });
    expect(emailsOfKind("hold-answer")[0]?.text).toContain("Here is what I meant: less sky.");
    // Still paused while the owner prepares the new proof.
    expect((await shopperOrder(shop, orderId)).body.stage).toBe("waiting");

    const round = await shop.call<HoldAnswer>(`/api/admin/orders/${orderId}/holds/${id}/proofs`, {
      method: "POST",
      body: { message: "Brightened and cropped: how is this?", proof_urls: ["/media/feeder-proof-2.jpg"] },
    });
    expect(round.status).toBe(201);
    expect(round.body.status).toBe("waiting");
    expect(round.body.message).toBe("Brightened and cropped: how is this?");
    expect(round.body.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(round.body.versions[0]?.message).toBe(ASK.message);
    const emails = emailsOfKind("hold");
    expect(emails).toHaveLength(2);
    expect(emails.map((email) => email.subject).join(" | ")).toContain("A new proof for your order");

    const approved = await answerHold(shop, orderId, id, "approve", { t: token });
    expect(approved.status).toBe(200);
    expect(approved.body.versions.map((version) => version.answer)).toEqual(["changes_requested", "approved"]);
  });

  test("a form post answers 303 back to the hold page, saying what happened", async () => {
    const { id, token } = await openHold();
    const form = (body: Record<string, string>) =>
      shop.request(`/api/orders/${orderId}/holds/${id}/approve`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams(body).toString(),
      });
    const page = `/order/${orderId}/hold/${id}?t=${token}`;
    const approved = await form({ t: token });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`${page}&done=approved`);
    const again = await form({ t: token });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${page}&problem=approved`);
    const wrong = await form({ t: "wrong" });
    expect(wrong.headers.get("location")).toBe(`/order/${orderId}/hold/${id}?t=wrong`);
  });
});

describe("the state machine: a hold is answered once", () => {
  test("no approval after a cancel, and the cancel refunds in full and puts the stock back", async () => {
    const { id, token } = await openHold();
    expect(stockOf(shop.db, "feeder")).toBe(8);
    const cancelled = await answerHold(shop, orderId, id, "cancel", { t: token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    const order = await shop.call<{ status: string; refunded_cents: number; amount_cents: number; stage: string | null }>(
      `/api/admin/orders/${orderId}`,
    );
    expect(order.body.status).toBe("canceled");
    expect(order.body.refunded_cents).toBe(order.body.amount_cents);
    expect(stockOf(shop.db, "feeder")).toBe(10);

    const approved = await answerHold(shop, orderId, id, "approve", { t: token });
    expect(approved.status).toBe(409);
    expect(approved.body).toEqual({ error: "This question is already cancelled, so it cannot be answered again." } as never);
    const changes = await answerHold(shop, orderId, id, "changes", { t: token, message: "Wait!" });
    expect(changes.status).toBe(409);
    expect(changes.body).toEqual({ error: "This question is already cancelled, so it cannot be answered again." } as never);
    expect(countRows(shop.db, "refunds")).toBe(1);
  });

  test("never answered twice: approve again, cancel after approve, a change after approve are 409 naming the state", async () => {
    const { id, token } = await openHold();
    expect((await answerHold(shop, orderId, id, "approve", { t: token })).status).toBe(200);
    for (const [kind, body] of [
      ["approve", { t: token }],
      ["cancel", { t: token }],
      ["changes", { t: token, message: "Actually…" }],
    ] as const) {
      const again = await answerHold(shop, orderId, id, kind, body);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: "This question is already approved, so it cannot be answered again." } as never);
    }
    expect(emailsOfKind("hold-answer")).toHaveLength(1);
    expect(countRows(shop.db, "refunds")).toBe(0);
  });

  test("after a request for a change the shopper waits for the new proof: answers are 409 naming that", async () => {
    const { id, token } = await openHold();
    await answerHold(shop, orderId, id, "changes", { t: token, message: "Brighter, please." });
    const approved = await answerHold(shop, orderId, id, "approve", { t: token });
    expect(approved.status).toBe(409);
    expect(approved.body).toEqual({
      error: "This question is waiting for our new proof after your request for a change, so it cannot be answered again.",
    } as never);
  });

  test("cancel where the owner did not offer it is 403 and changes nothing", async () => {
    const { id, token } = await openHold({ ...ASK, allow_cancel: false });
    const cancelled = await answerHold(shop, orderId, id, "cancel", { t: token });
    expect(cancelled.status).toBe(403);
    expect(cancelled.body).toEqual({
      error: "Cancelling was not offered for this question. Reply to the email if you would like to talk about it.",
    } as never);
    expect(countRows(shop.db, "refunds")).toBe(0);
    expect((await shopperOrder(shop, orderId)).body.stage).toBe("waiting");
  });

  test("a new proof round before the shopper asked for a change is 409 naming the state; an unknown hold 404", async () => {
    const { id } = await openHold();
    const round = await shop.call(`/api/admin/orders/${orderId}/holds/${id}/proofs`, {
      method: "POST",
      body: { message: "Another go", proof_urls: [] },
    });
    expect(round.status).toBe(409);
    expect(round.body).toEqual({
      error: "A new proof round follows the customer's request for a change; this question is waiting for your answer.",
    });
    const unknown = await shop.call(`/api/admin/orders/${orderId}/holds/hold_nope/proofs`, {
      method: "POST",
      body: { message: "Another go", proof_urls: [] },
    });
    expect(unknown.status).toBe(404);
    expect(countRows(shop.db, "order_hold_versions")).toBe(1);
  });

  test("the schema keeps a round as sent and answered once", async () => {
    const { id, token } = await openHold();
    await answerHold(shop, orderId, id, "approve", { t: token });
    expect(() => shop.db.query("UPDATE order_hold_versions SET message = 'changed' WHERE hold_id = ?").run(id)).toThrow(
      "a proof round is kept as sent",
    );
    expect(() => shop.db.query("UPDATE order_hold_versions SET answer = 'cancelled' WHERE hold_id = ?").run(id)).toThrow(
      "a proof round is answered once",
    );
  });
});
