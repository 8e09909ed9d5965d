import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startSweepCheckoutsJob } from "../../src/jobs/sweep-checkouts";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { serveShoppers, sessionIdOf, shopperAddress, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import {
  type StandInSession,
  type StripeStandIn,
  signedEvent,
  startStripeStandIn,
  stripeSettings,
  STAND_IN_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from "../support/stripe-stand-in";
import { countRows } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

/** Real concurrency on a shared machine: a test here may wait its turn for the CPU (the suite runs beside stress-ng). */
const SLOW_TEST_MS = 30_000;

// A discount code's use limit is a limit (decision 0025): a checkout holds a
// use from when it opens until it is paid or gives its stock back, so checkouts
// opened one after another or all at once cannot get past max_uses. Raced
// through the real Stripe SDK against the stand-in answering slowly.

const BASKET_A = "basket-a-6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
const BASKET_B = "basket-b-7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
const HELD = (code: string) =>
  `Every remaining use of the discount code ${code} is held by a checkout waiting for payment. Try again in half an hour in case one is not paid, or remove the code to pay the full price.`;

let stripe: StripeStandIn;
let shop: OwnerShop;

beforeAll(() => {
  stripe = startStripeStandIn();
});
afterAll(() => stripe.stop());

beforeEach(async () => {
  // TRUST_PROXY: the race plays the proxy, one address per shopper (serveShoppers).
  shop = await createOwnerShop({ ...stripeSettings(stripe), TRUST_PROXY: "true" });
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 100 });
}, SLOW_TEST_MS);
afterEach(() => shop.close());

const saveCode = (code: string, maxUses: number) =>
  shop.call("/api/admin/discount-codes", { method: "POST", body: { code, percent_off: 10, max_uses: maxUses, active: true } });

function checkoutWith(code: string | null, headers: Record<string, string> = {}, quantity = 1) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ items: units(quantity, { id: BIRD_FEEDER.id }), discountCode: code ?? undefined }),
  });
}

async function deliver(type: string, session: StandInSession | Record<string, unknown>) {
  const { payload, header } = await signedEvent(type, session, WEBHOOK_SECRET);
  const response = await shop.request("/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
  expect(response.status).toBe(200);
}

const checkoutsWithCode = (code: string) =>
  shop.db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM checkouts WHERE discount_code = ?").get(code)?.n ?? 0;

describe("checkouts opened all at once cannot get past max_uses", () => {
  for (const maxUses of [1, 3]) {
    test(
      `30 shoppers at once with a ${maxUses}-use code against a slow Stripe: exactly ${maxUses} payment pages, the rest 409 with the held message and nothing stored for them`,
      async () => {
        expect((await saveCode("RACE", maxUses)).status).toBe(200);
        // Stripe answers no session until every shopper has been answered or is waiting on it: the winners'
        // checkouts are still opening (holding their uses) while all the others ask.
        const slowly = stripe.hold("/v1/checkout/sessions");
        const shoppers = serveShoppers(shop);
        let answeredAtOnce = 0;
        const racing = Array.from({ length: 30 }, async (_, n) => {
          const response = await fetch(`${shoppers.origin}/api/checkout`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": shopperAddress(n) },
            body: JSON.stringify({ items: units(1, { id: BIRD_FEEDER.id }), discountCode: "race" }),
          });
          answeredAtOnce += 1;
          return { status: response.status, body: (await response.json()) as { url?: string; error?: string } };
        });
        try {
          await waitUntil(
            () => slowly.waiting() + answeredAtOnce === 30,
            SLOW_TEST_MS / 2,
            "every shopper to be answered or waiting on Stripe",
          );
        } finally {
          slowly.release();
        }
        const answers = await Promise.all(racing);
        shoppers.stop();
        const opened = answers.filter((answer) => answer.status === 200);
        const refused = answers.filter((answer) => answer.status !== 200);
        expect(opened).toHaveLength(maxUses);
        for (const answer of refused) expect(answer).toEqual({ status: 409, body: { error: HELD("RACE") } });
        // The refused stored nothing and held nothing: only the winners' checkouts, sessions and units.
        expect(countRows(shop.db, "checkouts")).toBe(maxUses);
        expect(checkoutsWithCode("RACE")).toBe(maxUses);
        expect(new Set(opened.map((answer) => sessionIdOf(answer.body.url ?? ""))).size).toBe(maxUses);
        expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(100 - maxUses);
      },
      SLOW_TEST_MS,
    );
  }

  test(
    "checkouts opened one after another: the second of a one-use code is refused while the first waits for payment",
    async () => {
      await saveCode("ONEUSE", 1);
      expect((await checkoutWith("ONEUSE", { "Basket-Id": BASKET_A })).status).toBe(200);
      const second = await checkoutWith("ONEUSE", { "Basket-Id": BASKET_B });
      expect(second).toMatchObject({ status: 409, body: { error: HELD("ONEUSE") } });
      // The basket's own check says the same before anyone presses Checkout.
      const check = await shop.json("/api/discount-codes/check", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Basket-Id": BASKET_B },
        body: JSON.stringify({ code: "oneuse", items: units(1, { id: BIRD_FEEDER.id }) }),
      });
      expect(check).toMatchObject({ status: 409, body: { error: HELD("ONEUSE") } });
      expect(checkoutsWithCode("ONEUSE")).toBe(1);
    },
    SLOW_TEST_MS,
  );
});

describe("a held use is given back", () => {
  test(
    "when its checkout expires: the sweep job releases it and the next shopper gets the code",
    async () => {
      await saveCode("SWEPT", 1);
      const first = await checkoutWith("SWEPT", { "Basket-Id": BASKET_A });
      expect(first.status).toBe(200);
      expect((await checkoutWith("SWEPT", { "Basket-Id": BASKET_B })).status).toBe(409);
      shop.db.query("UPDATE checkouts SET expires_at = ?").run(new Date(Date.now() - 60 * 60_000).toISOString());
      const sweeper = startSweepCheckoutsJob(shop.deps.checkout, 20);
      try {
        await waitUntil(
          () => shop.db.query<{ hold: string }, []>("SELECT hold FROM checkouts").get()?.hold === "released",
          10_000,
          "the sweep to release the expired checkout",
        );
      } finally {
        await sweeper.stop();
      }
      expect(stripe.sessions.get(sessionIdOf(first.body.url ?? ""))?.status).toBe("expired");
      expect((await checkoutWith("SWEPT", { "Basket-Id": BASKET_B })).status).toBe(200);
    },
    SLOW_TEST_MS,
  );

  test(
    "when Stripe says its session expired",
    async () => {
      await saveCode("ENDED", 1);
      const first = await checkoutWith("ENDED", { "Basket-Id": BASKET_A });
      expect((await checkoutWith("ENDED", { "Basket-Id": BASKET_B })).status).toBe(409);
      await deliver("checkout.session.expired", stripe.expire(sessionIdOf(first.body.url ?? "")));
      expect((await checkoutWith("ENDED", { "Basket-Id": BASKET_B })).status).toBe(200);
    },
    SLOW_TEST_MS,
  );

  test(
    "when a newer checkout of the same basket replaces it: the basket keeps its code, and without the code the use is free for others",
    async () => {
      await saveCode("MINE", 1);
      expect((await checkoutWith("MINE", { "Basket-Id": BASKET_A }, 2)).status).toBe(200);
      // The same basket, changed: its own held use never blocks it.
      const check = await shop.json("/api/discount-codes/check", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Basket-Id": BASKET_A },
        body: JSON.stringify({ code: "MINE", items: units(1, { id: BIRD_FEEDER.id }) }),
      });
      expect(check.status).toBe(200);
      expect((await checkoutWith("MINE", { "Basket-Id": BASKET_A }, 1)).status).toBe(200);
      expect((await checkoutWith("MINE", { "Basket-Id": BASKET_B })).status).toBe(409);
      // Checked out again without the code: the use goes back.
      expect((await checkoutWith(null, { "Basket-Id": BASKET_A }, 1)).status).toBe(200);
      expect((await checkoutWith("MINE", { "Basket-Id": BASKET_B })).status).toBe(200);
    },
    SLOW_TEST_MS,
  );
});

describe("a payment that arrives after its held use was given back", () => {
  test(
    "is honoured and flagged to the owner when every use was taken meanwhile",
    async () => {
      await saveCode("LATE", 1);
      const first = await checkoutWith("LATE", { "Basket-Id": BASKET_A });
      const expired = stripe.expire(sessionIdOf(first.body.url ?? ""));
      await deliver("checkout.session.expired", expired);
      const second = await checkoutWith("LATE", { "Basket-Id": BASKET_B });
      expect(second.status).toBe(200);

      // Stripe's paid session for the first checkout arrives after all.
      await deliver("checkout.session.completed", { ...expired, status: "complete", payment_status: "paid" });
      const late = shop.db
        .query<{ status: string; discount_code: string; discount_over_limit: number; refund_required: number }, []>(
          "SELECT status, discount_code, discount_over_limit, refund_required FROM orders",
        )
        .get();
      expect(late).toEqual({ status: "paid", discount_code: "LATE", discount_over_limit: 1, refund_required: 0 });
      const notice = shop.db
        .query<{ subject: string; text: string }, []>("SELECT subject, text FROM email_outbox WHERE kind = 'new-order'")
        .get();
      expect(notice?.subject).toStartWith("DISCOUNT CODE OVER ITS LIMIT: New order");
      expect(notice?.text).toContain(
        "DISCOUNT CODE OVER ITS LIMIT: this payment arrived after its checkout had given back its use of the code LATE",
      );
      // The second shopper's held use still becomes their order, unflagged.
      await deliver("checkout.session.completed", stripe.pay(sessionIdOf(second.body.url ?? "")));
      const flags = shop.db.query<{ discount_over_limit: number }, []>("SELECT discount_over_limit FROM orders ORDER BY created_at").all();
      expect(flags.map((row) => row.discount_over_limit).sort()).toEqual([0, 1]);
      expect(shop.db.query<{ uses: number }, []>("SELECT uses FROM discount_codes").get()?.uses).toBe(2);
    },
    SLOW_TEST_MS,
  );

  test(
    "is not flagged when its use was still free",
    async () => {
      await saveCode("SPARE", 1);
      const first = await checkoutWith("SPARE", { "Basket-Id": BASKET_A });
      const expired = stripe.expire(sessionIdOf(first.body.url ?? ""));
      await deliver("checkout.session.expired", expired);
      await deliver("checkout.session.completed", { ...expired, status: "complete", payment_status: "paid" });
      expect(shop.db.query<{ discount_over_limit: number }, []>("SELECT discount_over_limit FROM orders").get()).toEqual({
        discount_over_limit: 0,
      });
    },
    SLOW_TEST_MS,
  );
});

describe("a held use is given back on cancel", () => {
  test(
    "when the shopper cancels on the demo payment page",
    async () => {
      const demo = await createOwnerShop();
      try {
        addProduct(demo.db, BIRD_FEEDER);
        await demo.call("/api/admin/discount-codes", {
          method: "POST",
          body: { code: "BACK", percent_off: 10, max_uses: 1, active: true },
        });
        const post = (basketId: string) =>
          demo.json<{ url?: string; error?: string }>("/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json", "Basket-Id": basketId },
            body: JSON.stringify({ items: units(1, { id: BIRD_FEEDER.id }), discountCode: "BACK" }),
          });
        const first = await post(BASKET_A);
        expect((await post(BASKET_B)).status).toBe(409);
        const cancel = await demo.request(`/checkout/demo/${sessionIdOf(first.body.url ?? "")}/cancel`, {
          method: "POST",
          redirect: "manual",
        });
        expect(cancel.status).toBe(303);
        expect((await post(BASKET_B)).status).toBe(200);
      } finally {
        demo.close();
      }
    },
    SLOW_TEST_MS,
  );
});
