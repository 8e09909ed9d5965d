import { afterEach, describe, expect, test } from "bun:test";
import { dispatchedByText } from "../../shared/dispatch-words";
import { dispatchBy } from "../../shared/working-days";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, payDemo, postCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, setConfig } from "../support/factories";
import { goodQuote, seedCustomRequest, sentQuote } from "../support/quotes";
import { startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

// The dispatch date promised before purchase (product answers, product page, payment
// page), the two configuration entries and each product's lead time, and the date
// kept on the paid order (decision 0015-working-days.md).

/** Tuesday 24 November 2026, GMT: the UK hour is the UTC hour. */
const TUESDAY_MORNING = "2026-11-24T10:00:00.000Z";
const SLOW_PLANTER = { id: "slow-planter", name: "Slow planter", price_cents: 3000 };

let shop: TestShop | OwnerShop | null = null;
afterEach(() => {
  shop?.close();
  shop = null;
});

/** A shop whose clock reads `clock.at` (move it to move time). */
async function shopAt(iso: string) {
  const clock = { at: new Date(iso) };
  const made = await createTestShop({}, { now: () => clock.at });
  shop = made;
  addProduct(made.db, BIRD_FEEDER);
  addProduct(made.db, SLOW_PLANTER);
  setLeadTime(made, SLOW_PLANTER.id, 8);
  return { shop: made, clock };
}

function setLeadTime(target: TestShop, id: string, days: number | null) {
  target.db.query("UPDATE products SET lead_time_days = ? WHERE id = ?").run(days, id);
}

type Promised = { id: string; leadTimeDays: number; dispatchBy: string };

describe("the public product answers", () => {
  test("GET /api/products/{id} carries the effective lead time and the day an order placed now is dispatched by", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    const feeder = await shop.json<Promised>("/api/products/feeder");
    expect(feeder.status).toBe(200);
    // The shop default (3): Tuesday counts, then Wednesday, Thursday, Friday.
    expect(feeder.body).toMatchObject({ leadTimeDays: 3, dispatchBy: "2026-11-27" });
    const slow = await shop.json<Promised>("/api/products/slow-planter");
    expect(slow.body).toMatchObject({ leadTimeDays: 8, dispatchBy: "2026-12-04" });
  });

  test("each product in /api/catalog carries leadTimeDays and dispatchBy, a lead time of 0 being today", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    setLeadTime(shop, "feeder", 0);
    const { body } = await shop.json<Promised[]>("/api/catalog");
    expect(body.map(({ id, leadTimeDays, dispatchBy }) => ({ id, leadTimeDays, dispatchBy }))).toEqual([
      { id: "feeder", leadTimeDays: 0, dispatchBy: "2026-11-24" },
      { id: "slow-planter", leadTimeDays: 8, dispatchBy: "2026-12-04" },
    ]);
  });

  test("the configured default lead time and cut-off hour change the promise", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    setConfig(shop.db, "default_lead_time_days", "5");
    expect((await shop.json<Promised>("/api/products/feeder")).body.dispatchBy).toBe("2026-12-01");
    // A 10:00 order with a 9 o'clock cut-off counts from Wednesday.
    setConfig(shop.db, "dispatch_cut_off_hour", "9");
    expect((await shop.json<Promised>("/api/products/feeder")).body.dispatchBy).toBe("2026-12-02");
  });
});

describe("the product page", () => {
  test("before the cut-off it says 'Order today, dispatched by …' and when today ends", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    const { status, body } = await shop.html("/products/feeder");
    expect(status).toBe(200);
    expect(body).toContain("Order today, dispatched by Friday 27 November");
    expect(body).toContain("Orders placed from 2pm (UK time) count from the next working day.");
  });

  test("after the cut-off, at a weekend or on a bank holiday it says 'Order now' with the later date", async () => {
    const { shop, clock } = await shopAt("2026-11-24T14:00:00.000Z");
    expect((await shop.html("/products/feeder")).body).toContain("Order now, dispatched by Monday 30 November");
    clock.at = new Date("2026-12-25T10:00:00.000Z");
    // Christmas Day counts from Tuesday 29 December (Monday is Boxing Day's substitute); New Year's Day is skipped too.
    const christmas = (await shop.html("/products/feeder")).body;
    expect(christmas).toContain("Order now, dispatched by Monday 4 January");
    expect(christmas).not.toContain("count from the next working day");
  });
});

describe("kept pages never show yesterday's promise", () => {
  test("a product page kept before the cut-off is made again after it", async () => {
    const { shop, clock } = await shopAt("2026-11-24T13:59:59.000Z");
    expect((await shop.html("/products/feeder")).body).toContain("Order today, dispatched by Friday 27 November");
    const kept = await shop.html("/products/feeder");
    expect(kept.response.headers.get("age")).not.toBeNull();
    expect(kept.body).toContain("Order today, dispatched by Friday 27 November");
    clock.at = new Date("2026-11-24T14:00:00.000Z");
    const after = await shop.html("/products/feeder");
    expect(after.response.headers.get("age")).toBeNull();
    expect(after.body).toContain("Order now, dispatched by Monday 30 November");
  });

  test("with a cut-off at midnight the kept catalogue JSON moves on at UK midnight (23:00 UTC in summer)", async () => {
    // Monday 1 June 2026, 23:59:59 BST: orders count from Tuesday.
    const { shop, clock } = await shopAt("2026-06-01T22:59:59.000Z");
    setConfig(shop.db, "dispatch_cut_off_hour", "0");
    expect((await shop.json<Promised[]>("/api/catalog")).body[0]?.dispatchBy).toBe("2026-06-05");
    const kept = await shop.json<Promised[]>("/api/catalog");
    expect(kept.response.headers.get("age")).not.toBeNull();
    // Tuesday 00:00 BST: orders count from Wednesday.
    clock.at = new Date("2026-06-01T23:00:00.000Z");
    const tuesday = await shop.json<Promised[]>("/api/catalog");
    expect(tuesday.response.headers.get("age")).toBeNull();
    expect(tuesday.body[0]?.dispatchBy).toBe("2026-06-08");
  });
});

describe("the configuration entries", () => {
  test("GET /api/admin/configuration lists default_lead_time_days 3 and dispatch_cut_off_hour 14 unless set", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    const { status, body } = await owner.call<Record<string, string>>("/api/admin/configuration");
    expect(status).toBe(200);
    expect(body).toMatchObject({ default_lead_time_days: "3", dispatch_cut_off_hour: "14" });
  });

  test("the owner sets both as whole numbers, stored in their clean form", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    const lead = await owner.call("/api/admin/configuration", { method: "POST", body: { key: "default_lead_time_days", value: " 07 " } });
    expect(lead).toMatchObject({ status: 200, body: { key: "default_lead_time_days", value: "7" } });
    const hour = await owner.call("/api/admin/configuration", { method: "POST", body: { key: "dispatch_cut_off_hour", value: 0 } });
    expect(hour).toMatchObject({ status: 200, body: { key: "dispatch_cut_off_hour", value: "0" } });
    const { body } = await owner.call<Record<string, string>>("/api/admin/configuration");
    expect(body).toMatchObject({ default_lead_time_days: "7", dispatch_cut_off_hour: "0" });
  });

  const LEAD_TIME_REFUSAL = "Enter the default lead time as a whole number of working days from 0 to 365.";
  const CUT_OFF_REFUSAL = "Enter the cut-off as a whole hour from 0 to 23 (UK time), such as 14 for 2pm.";
  const refusals: [string, string, string | number, string][] = [
    ["a negative default lead time", "default_lead_time_days", "-1", LEAD_TIME_REFUSAL],
    ["a fractional default lead time", "default_lead_time_days", 2.5, LEAD_TIME_REFUSAL],
    ["a default lead time over 365 working days", "default_lead_time_days", "366", LEAD_TIME_REFUSAL],
    ["a default lead time in words", "default_lead_time_days", "three", LEAD_TIME_REFUSAL],
    ["a blank default lead time", "default_lead_time_days", " ", LEAD_TIME_REFUSAL],
    ["a cut-off hour of 24", "dispatch_cut_off_hour", "24", CUT_OFF_REFUSAL],
    ["a negative cut-off hour", "dispatch_cut_off_hour", -1, CUT_OFF_REFUSAL],
    ["a cut-off with minutes", "dispatch_cut_off_hour", "14:30", CUT_OFF_REFUSAL],
    ["a blank cut-off hour", "dispatch_cut_off_hour", "", CUT_OFF_REFUSAL],
  ];
  for (const [name, key, value, message] of refusals) {
    test(`${name} is refused with 400 and nothing is stored`, async () => {
      const owner = await createOwnerShop();
      shop = owner;
      const before = countRows(owner.db, "configuration");
      const answer = await owner.call("/api/admin/configuration", { method: "POST", body: { key, value } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: message });
      expect(countRows(owner.db, "configuration")).toBe(before);
      expect(owner.db.query("SELECT value FROM configuration WHERE key = ?").get(key)).toBeNull();
    });
  }
});

describe("a product's own lead time in the editor's call", () => {
  const editorBody = (extra: Record<string, unknown> = {}) => ({
    id: "lamp",
    name: "Moon lamp",
    price_cents: 4500,
    description: "A lithophane moon.",
    stock: null,
    max_online_qty: null,
    requires_gpx: 0,
    requires_image: 0,
    requires_model: 0,
    category_id: null,
    ...extra,
  });
  const save = (owner: OwnerShop, body: unknown) => owner.call<Record<string, unknown>>("/api/admin/products", { method: "POST", body });
  const storedLeadTime = (owner: OwnerShop) =>
    owner.db.query<{ lead_time_days: number | null }, []>("SELECT lead_time_days FROM products WHERE id = 'lamp'").get()?.lead_time_days;

  test("a lead time is saved, answered to the editor and used by the public answer", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    const created = await save(owner, editorBody({ lead_time_days: "7" }));
    expect(created.status).toBe(201);
    expect(created.body.lead_time_days).toBe(7);
    expect((await owner.call<Record<string, unknown>>("/api/admin/products/lamp")).body.lead_time_days).toBe(7);
    expect((await owner.json<Promised>("/api/products/lamp")).body.leadTimeDays).toBe(7);
  });

  test("a blank lead time is the shop default, which the public answer shows as the number it is", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    await save(owner, editorBody({ lead_time_days: 7 }));
    const cleared = await save(owner, editorBody({ lead_time_days: "" }));
    expect(cleared.body.lead_time_days).toBeNull();
    setConfig(owner.db, "default_lead_time_days", "4");
    expect((await owner.json<Promised>("/api/products/lamp")).body.leadTimeDays).toBe(4);
  });

  test("a save that leaves lead_time_days out keeps the stored lead time (the editor sends it only when changed)", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    await save(owner, editorBody({ lead_time_days: 7 }));
    const renamed = await save(owner, editorBody({ name: "Moon lamp, large" }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.lead_time_days).toBe(7);
    expect(storedLeadTime(owner)).toBe(7);
  });

  const LEAD_TIME = "Lead time must be a whole number of working days from 0 to 365, or blank for the shop default.";
  for (const [name, value] of [
    ["a negative lead time", -1],
    ["a lead time over 365 working days", 366],
    ["a fractional lead time", 2.5],
    ["a lead time in words", "soon"],
  ] as const) {
    test(`${name} is refused with 400 and the stored product is unchanged`, async () => {
      const owner = await createOwnerShop();
      shop = owner;
      await save(owner, editorBody({ lead_time_days: 7 }));
      const refused = await save(owner, editorBody({ name: "Changed", lead_time_days: value }));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: LEAD_TIME });
      expect(storedLeadTime(owner)).toBe(7);
      expect(owner.db.query<{ name: string }, []>("SELECT name FROM products WHERE id = 'lamp'").get()?.name).toBe("Moon lamp");
    });
  }

  test("a new product with a bad lead time is not created", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    const refused = await save(owner, editorBody({ lead_time_days: 400 }));
    expect(refused).toMatchObject({ status: 400, body: { error: LEAD_TIME } });
    expect(countRows(owner.db, "products")).toBe(0);
  });
});

describe("the promise kept on the paid order", () => {
  /** The checkout began at `iso`: what the shopper was promised counts from then. */
  function startedAt(target: TestShop, checkoutId: string, iso: string) {
    target.db.query("UPDATE checkouts SET created_at = ? WHERE id = ?").run(iso, checkoutId);
  }

  test("a basket order records the latest of its lines' dates, counted from when the checkout began", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    const checkout = await postCheckout(shop, [...units(1, { id: "feeder" }), ...units(1, { id: "slow-planter" })]);
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const checkoutId = shop.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()!.id;
    // Begun at 13:59 on Friday 20 November; the payment arrives now (real time, days later): still Friday's promise.
    startedAt(shop, checkoutId, "2026-11-20T13:59:00.000Z");
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    const order = shop.db.query<{ dispatch_by: string | null }, [string]>("SELECT dispatch_by FROM orders WHERE id = ?").get(checkoutId);
    // The slow planter's 8 working days from Friday 20 November; the feeder's 3 end on Wednesday 25th.
    expect(order?.dispatch_by).toBe("2026-12-02");
  });

  test("the payment page shows each line's dispatch date, and the order's is the latest of them", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    const checkout = await postCheckout(shop, [...units(2, { id: "feeder" }), ...units(1, { id: "slow-planter" })]);
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const { id, created_at } = shop.db.query<{ id: string; created_at: string }, []>("SELECT id, created_at FROM checkouts").get()!;
    const began = new Date(created_at);
    const feederDay = dispatchBy(began, 3, 14);
    const slowDay = dispatchBy(began, 8, 14);
    // The words themselves are pinned in tests/unit/email-templates.test.ts ("Dispatched by Thursday 3 December 2026").
    const words = dispatchedByText;
    const lines = JSON.parse(
      shop.db.query<{ lines: string }, [string]>("SELECT lines FROM demo_payment_sessions WHERE id = ?").get(sessionId)!.lines,
    ) as { name: string; description: string }[];
    expect(lines.map((line) => [line.name, line.description])).toEqual([
      ["Bird feeder", words(feederDay)],
      ["Slow planter", words(slowDay)],
    ]);
    const page = await shop.html(`/checkout/demo/${sessionId}`);
    expect(page.body).toContain(words(feederDay));
    expect(page.body).toContain(words(slowDay));
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    expect(shop.db.query<{ dispatch_by: string }, [string]>("SELECT dispatch_by FROM orders WHERE id = ?").get(id)?.dispatch_by).toBe(
      slowDay,
    );
  });

  test("Stripe's payment page gets each line's date as its product_data.description", async () => {
    const stripe = startStripeStandIn();
    try {
      const made = await createTestShop(stripeSettings(stripe));
      shop = made;
      addProduct(made.db, BIRD_FEEDER);
      const checkout = await postCheckout(made, units(1, { id: "feeder" }));
      expect(checkout.status).toBe(200);
      const began = new Date(made.db.query<{ created_at: string }, []>("SELECT created_at FROM checkouts").get()!.created_at);
      const params = stripe.paramsOf(sessionIdOf(checkout.body.url ?? "")) as { line_items: { price_data: { product_data: unknown } }[] };
      expect(params.line_items.map((line) => line.price_data.product_data)).toEqual([
        { name: "Bird feeder", description: dispatchedByText(dispatchBy(began, 3, 14)) },
      ]);
    } finally {
      stripe.stop();
    }
  });

  test("a quote's order counts the quote's lead time, not a product's", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    seedCustomRequest(owner.db);
    const { id, token } = await sentQuote(owner, { ...goodQuote(), lead_time_days: 12 });
    const accepted = await owner.json<{ url?: string }>(`/api/quotes/${id}/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: token }),
    });
    expect(accepted.status).toBe(200);
    const sessionId = sessionIdOf(accepted.body.url ?? "");
    const checkoutId = owner.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()!.id;
    startedAt(owner, checkoutId, "2026-11-20T10:00:00.000Z");
    expect((await payDemo(owner, sessionId)).status).toBe(303);
    // 12 working days from Friday 20 November 2026: Tuesday 8 December.
    expect(
      owner.db.query<{ dispatch_by: string }, [string]>("SELECT dispatch_by FROM orders WHERE id = ?").get(checkoutId)?.dispatch_by,
    ).toBe("2026-12-08");
  });

  test("the customer's look-up answers dispatch_by", async () => {
    const { shop } = await shopAt(TUESDAY_MORNING);
    const checkout = await postCheckout(shop, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const checkoutId = shop.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()!.id;
    startedAt(shop, checkoutId, TUESDAY_MORNING);
    await payDemo(shop, sessionId);
    const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(confirmed.status).toBe(200);
    const customer = await shop.json<{ dispatch_by: string }>(`/api/orders/${checkoutId}?sessionId=${sessionId}`);
    expect(customer.status).toBe(200);
    expect(customer.body.dispatch_by).toBe("2026-11-27");
  });

  test("the admin's order answer carries dispatch_by", async () => {
    const owner = await createOwnerShop();
    shop = owner;
    addProduct(owner.db, BIRD_FEEDER);
    const checkout = await postCheckout(owner, units(1, { id: "feeder" }));
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const checkoutId = owner.db.query<{ id: string }, []>("SELECT id FROM checkouts").get()!.id;
    startedAt(owner, checkoutId, TUESDAY_MORNING);
    await payDemo(owner, sessionId);
    const admin = await owner.call<{ dispatch_by: string }>(`/api/admin/orders/${checkoutId}`);
    expect(admin.status).toBe(200);
    expect(admin.body.dispatch_by).toBe("2026-11-27");
  });
});
