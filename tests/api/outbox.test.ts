import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open";
import { parseEnv } from "../../src/env";
import { mailDeliveryFromEnv, startDeliverOutboxJob } from "../../src/jobs/deliver-outbox";
import { startPeriodicJob } from "../../src/jobs/periodic";
import { createOutboxDelivery, enqueueEmail, listOutbox, type NewEmail, type OutboxRow } from "../../src/modules/outbox/service";
import { type Mailer, MailerError } from "../../src/services/mail/mailer";
import { createResendMailer } from "../../src/services/mail/resend";
import { type ResendStandIn, startResendStandIn } from "../support/resend-stand-in";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

const FROM = "Strata <orders@strata.test>";
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let shop: TestShop;
let resend: ResendStandIn;
let mailer: Mailer;
// Starts a minute ahead of the wall clock so rows stamped by SQLite's own "now" are already due.
let clock: Date;
const now = () => clock;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

beforeEach(async () => {
  shop = await createTestShop();
  resend = startResendStandIn();
  mailer = createResendMailer({ apiKey: resend.apiKey, apiBase: resend.url });
  clock = new Date(Date.now() + MINUTE);
});
afterEach(async () => {
  await resend.stop();
  shop.close();
});

function email(overrides: Partial<NewEmail> = {}): NewEmail {
  return {
    dedupeKey: "order-confirmation:ORD-1",
    kind: "order-confirmation",
    orderId: null,
    recipient: "shopper@example.com",
    subject: "Your Strata order ORD-1 is confirmed",
    html: "<p>Thank you</p>",
    text: "Thank you",
    ...overrides,
  };
}

function row(db: Database, dedupeKey: string): OutboxRow {
  const found = db.query<OutboxRow, [string]>("SELECT * FROM email_outbox WHERE dedupe_key = ?").get(dedupeKey);
  if (!found) throw new Error(`no outbox row ${dedupeKey}`);
  return found;
}

function addOrder(db: Database, id: string) {
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
     VALUES (?, 1000, 0, 1000, 'demo', ?)`,
  ).run(id, `cs_demo_${id}`);
}

describe("enqueueEmail", () => {
  test("enqueueing twice with the same dedupe key stores one row and reports only the first as added", () => {
    expect(enqueueEmail(shop.db, email())).toBe(true);
    expect(enqueueEmail(shop.db, email({ subject: "A replayed webhook" }))).toBe(false);
    expect(countRows(shop.db, "email_outbox")).toBe(1);
    expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({
      subject: "Your Strata order ORD-1 is confirmed",
      status: "pending",
      attempts: 0,
      last_error: null,
    });
  });

  test("listOutbox returns plain rows newest first, optionally only one order's", () => {
    addOrder(shop.db, "ORD-A");
    addOrder(shop.db, "ORD-B");
    enqueueEmail(shop.db, email({ dedupeKey: "a-1", orderId: "ORD-A" }));
    enqueueEmail(shop.db, email({ dedupeKey: "b-1", orderId: "ORD-B" }));
    enqueueEmail(shop.db, email({ dedupeKey: "a-2", orderId: "ORD-A" }));
    expect(listOutbox(shop.db).map((r) => r.dedupe_key)).toEqual(["a-2", "b-1", "a-1"]);
    expect(listOutbox(shop.db, { orderId: "ORD-A" }).map((r) => r.dedupe_key)).toEqual(["a-2", "a-1"]);
    expect(listOutbox(shop.db, { orderId: "ORD-C" })).toEqual([]);
  });
});

describe("deliverDue", () => {
  test("Resend answering 500 three times then 200 delivers the email exactly once, backing off between tries", async () => {
    enqueueEmail(shop.db, email());
    const id = row(shop.db, "order-confirmation:ORD-1").id;
    const outbox = createOutboxDelivery({ db: shop.db, mailer, from: FROM, now });
    resend.failNext(3, 500);

    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const afterFirst = row(shop.db, "order-confirmation:ORD-1");
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, locked_until: null });
    expect(afterFirst.next_attempt_at).toBe(new Date(clock.getTime() + 30 * SECOND).toISOString());
    expect(afterFirst.last_error).toBe("Resend 500 internal_server_error: Stand-in failure 500");

    // Not due yet: nothing is sent before the backoff has passed.
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(resend.requests).toBe(1);

    advance(30 * SECOND);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(row(shop.db, "order-confirmation:ORD-1").next_attempt_at).toBe(new Date(clock.getTime() + 2 * MINUTE).toISOString());
    advance(2 * MINUTE);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    advance(10 * MINUTE);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    advance(24 * 60 * MINUTE);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(resend.requests).toBe(4);
    expect(resend.delivered).toHaveLength(1);
    expect(resend.delivered[0]).toMatchObject({
      from: FROM,
      to: ["shopper@example.com"],
      subject: "Your Strata order ORD-1 is confirmed",
      html: "<p>Thank you</p>",
      text: "Thank you",
      idempotencyKey: `outbox-${id}`,
    });
    const sent = row(shop.db, "order-confirmation:ORD-1");
    expect(sent).toMatchObject({
      status: "sent",
      attempts: 4,
      provider_message_id: resend.delivered[0]!.id,
      last_error: null,
      locked_until: null,
    });
    expect(sent.sent_at).toBe(new Date(clock.getTime() - 24 * 60 * MINUTE).toISOString());
  });

  test("a non-retryable 422 marks the row failed at once and keeps Resend's error", async () => {
    enqueueEmail(shop.db, email());
    const outbox = createOutboxDelivery({ db: shop.db, mailer, from: FROM, now });
    resend.failNext(1, 422, "Invalid `to` field.");

    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "Resend 422 validation_error: Invalid `to` field.",
      provider_message_id: null,
      sent_at: null,
    });
    advance(7 * 24 * 60 * MINUTE);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(resend.requests).toBe(1);
    expect(resend.delivered).toHaveLength(0);
  });

  test("an email still failing after 8 attempts is marked failed and not tried again", async () => {
    enqueueEmail(shop.db, email());
    const outbox = createOutboxDelivery({ db: shop.db, mailer, from: FROM, now });
    resend.failNext(8, 503);
    const results = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      results.push(await outbox.deliverDue());
      advance(24 * 60 * MINUTE);
    }
    expect(results.slice(0, 7).every((r) => r.retried === 1)).toBe(true);
    expect(results[7]).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({ status: "failed", attempts: 8 });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(resend.requests).toBe(8);
  });

  test("two deliverDue calls racing from two connections deliver each row exactly once", async () => {
    for (let n = 1; n <= 5; n++) enqueueEmail(shop.db, email({ dedupeKey: `race-${n}`, recipient: `shopper${n}@example.com` }));
    const otherProcessDb = openDatabase(join(shop.dataDir, "shop.db"));
    try {
      const first = createOutboxDelivery({ db: shop.db, mailer, from: FROM, now });
      const second = createOutboxDelivery({ db: otherProcessDb, mailer, from: FROM, now });
      const results = await Promise.all([first.deliverDue(3), second.deliverDue(3), first.deliverDue(3)]);

      expect(results.reduce((total, r) => total + r.sent, 0)).toBe(5);
      expect(resend.requests).toBe(5);
      expect(resend.delivered.map((e) => e.to[0]).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `shopper${n}@example.com`));
      expect(listOutbox(shop.db).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      otherProcessDb.close();
    }
  });

  test("a row left 'sending' by a crashed sender is retried after its lease with the same idempotency key and delivered once", async () => {
    enqueueEmail(shop.db, email());
    const id = row(shop.db, "order-confirmation:ORD-1").id;
    // The first sender gets Resend's acceptance, then dies before it can record it.
    const dyingMailer: Mailer = {
      async send(message) {
        await mailer.send(message);
        return new Promise(() => {});
      },
    };
    void createOutboxDelivery({ db: shop.db, mailer: dyingMailer, from: FROM, now }).deliverDue();
    await waitUntil(() => resend.delivered.length === 1, 5_000, "the first send to reach the stand-in");
    expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({
      status: "sending",
      attempts: 1,
      locked_until: new Date(clock.getTime() + 2 * MINUTE).toISOString(),
    });

    const restarted = createOutboxDelivery({ db: shop.db, mailer, from: FROM, now });
    advance(MINUTE);
    expect(await restarted.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(MINUTE);
    expect(await restarted.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(resend.requests).toBe(2);
    expect(resend.delivered).toHaveLength(1);
    expect(resend.delivered[0]!.idempotencyKey).toBe(`outbox-${id}`);
    expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({
      status: "sent",
      attempts: 2,
      provider_message_id: resend.delivered[0]!.id,
    });
  });

  test("a row whose lease ran out while an earlier send in the batch was slow is left for the next claim, not sent late", async () => {
    enqueueEmail(shop.db, email({ dedupeKey: "slow-1" }));
    enqueueEmail(shop.db, email({ dedupeKey: "slow-2" }));
    const slowMailer: Mailer = {
      async send(message) {
        advance(3 * MINUTE);
        return mailer.send(message);
      },
    };
    const outbox = createOutboxDelivery({ db: shop.db, mailer: slowMailer, from: FROM, now });
    expect(await outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row(shop.db, "slow-2")).toMatchObject({ status: "sending", attempts: 1 });
    expect(await outbox.deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row(shop.db, "slow-2")).toMatchObject({ status: "sent", attempts: 2 });
    expect(resend.delivered).toHaveLength(2);
  });
});

describe("createResendMailer", () => {
  const message = { from: FROM, to: "a@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi", idempotencyKey: "k-1" };

  async function failureOf(send: Promise<unknown>): Promise<MailerError> {
    const error = await send.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof MailerError)) throw new Error(`expected a MailerError, got ${String(error)}`);
    return error;
  }

  test("sends through the SDK with the key as a Bearer token and answers Resend's id", async () => {
    expect(await mailer.send(message)).toEqual({ id: "stand-in-1" });
    expect(resend.delivered[0]).toMatchObject({ to: ["a@example.com"], idempotencyKey: "k-1" });
  });

  test("429, 5xx and no answer at all are retryable; 401, 403 and 422 are not", async () => {
    for (const status of [429, 500, 503]) {
      resend.failNext(1, status);
      expect((await failureOf(mailer.send(message))).retryable).toBe(true);
    }
    for (const status of [401, 422]) {
      resend.failNext(1, status);
      expect((await failureOf(mailer.send(message))).retryable).toBe(false);
    }
    const wrongKey = await failureOf(createResendMailer({ apiKey: "re_wrong", apiBase: resend.url }).send(message));
    expect(wrongKey).toMatchObject({ retryable: false, message: "Resend 403 invalid_api_key: API key is invalid" });
    expect(resend.delivered).toHaveLength(0);

    await resend.stop();
    const unreachable = await failureOf(mailer.send(message));
    expect(unreachable.retryable).toBe(true);
    expect(unreachable.message).toStartWith("Resend no response application_error");
  });

  test("a RESEND_BASE_URL in the process environment cannot redirect mail away from the configured base", async () => {
    const before = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = "http://127.0.0.1:9/not-resend";
    try {
      const configured = createResendMailer({ apiKey: resend.apiKey, apiBase: resend.url });
      expect(await configured.send(message)).toEqual({ id: "stand-in-1" });
    } finally {
      if (before === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = before;
    }
  });
});

describe("the deliver-outbox job", () => {
  test("with no Resend key or no MAIL_FROM there is no mailer: a delivery round leaves emails pending, and a key without a sender is warned about", async () => {
    // log("warn") writes a JSON line to stderr.
    const warn = spyOn(console, "error").mockImplementation(() => {});
    try {
      const keyOnly = { ...shop.env, RESEND_API_KEY: resend.apiKey, RESEND_API_BASE: resend.url };
      expect(mailDeliveryFromEnv(shop.env)).toBeNull();
      expect(mailDeliveryFromEnv(keyOnly)).toBeNull();
      enqueueEmail(shop.db, email());
      // The shop's own delivery (the job's) has no mailer here: it claims no email.
      expect(await shop.deps.outbox.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await startDeliverOutboxJob({ outbox: shop.deps.outbox, env: keyOnly, intervalMs: 5 }).stop();
      const warnings = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { level: string; msg: string });
      expect(warnings).toContainEqual(
        expect.objectContaining({ level: "warn", msg: "RESEND_API_KEY is set but MAIL_FROM is not: emails stay in the outbox unsent" }),
      );
      expect(row(shop.db, "order-confirmation:ORD-1")).toMatchObject({ status: "pending", attempts: 0 });
      expect(resend.requests).toBe(0);
    } finally {
      warn.mockRestore();
    }
  });

  test("with RESEND_API_KEY, RESEND_API_BASE and MAIL_FROM set, the job delivers pending emails from MAIL_FROM", async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: shop.dataDir,
      RESEND_API_KEY: resend.apiKey,
      RESEND_API_BASE: resend.url,
      MAIL_FROM: FROM,
    });
    enqueueEmail(shop.db, email());
    const job = startDeliverOutboxJob({ outbox: createOutboxDelivery({ db: shop.db, ...mailDeliveryFromEnv(env)! }), env, intervalMs: 5 });
    try {
      await waitUntil(() => row(shop.db, "order-confirmation:ORD-1").status === "sent", 5_000, "the job to send the email");
    } finally {
      await job.stop();
    }
    expect(resend.delivered).toHaveLength(1);
    expect(resend.delivered[0]).toMatchObject({ from: FROM, to: ["shopper@example.com"] });
  });
});

describe("startPeriodicJob", () => {
  test("never overlaps itself, survives a failing run and stop() waits for the run in flight", async () => {
    const errors = spyOn(console, "error").mockImplementation(() => {});
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    let finished = 0;
    const job = startPeriodicJob("test-job", 1, async () => {
      runs += 1;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await Bun.sleep(15); // the behaviour under test: a slow run, which the next tick must not overlap
      running -= 1;
      finished += 1;
      if (runs === 1) throw new Error("first run fails");
    });
    try {
      await waitUntil(() => runs >= 3, 5_000, "three runs");
      await job.stop();
      expect(finished).toBe(runs);
      expect(mostAtOnce).toBe(1);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]?.[0])).toContain("test-job");
      const stoppedAt = runs;
      // A window for a non-event, not a wait for a result: thirty of the 1 ms ticks a job that kept
      // running after stop() would have taken.
      await Bun.sleep(30);
      expect(runs).toBe(stoppedAt);
    } finally {
      errors.mockRestore();
    }
  });
});
