import { afterEach, describe, expect, test } from "bun:test";
import { KEY_DATE_MESSAGES, MAX_KEY_DATES } from "../../shared/key-dates";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct, BIRD_FEEDER, PLANTER } from "../support/factories";
import { textOf } from "../support/html";

// Key dates (docs/decisions/0049-gift-orders.md): the owner's `key_dates` entry, and each product's `order_by` on
// GET /api/products/{id} and /api/catalog and in words on its page, with a fixed clock across Christmas 2026 (a Friday;
// Monday 28 December is the Boxing Day holiday) and the 2pm cut-off.

let shop: OwnerShop;
let clock: { at: Date };

async function shopAt(iso: string): Promise<OwnerShop> {
  clock = { at: new Date(iso) };
  shop = await createOwnerShop({}, { now: () => clock.at });
  addProduct(shop.db, BIRD_FEEDER); // the default lead time: 3 working days
  addProduct(shop.db, PLANTER);
  shop.db.query("UPDATE products SET lead_time_days = 5 WHERE id = ?").run(PLANTER.id);
  return shop;
}
afterEach(() => shop.close());

const KEY_DATES = [
  { name: "New Year's Day", date: "2027-01-01", delivery_days: 1 },
  { name: "Christmas Day", date: "2026-12-25", delivery_days: 2 },
];

const saveKeyDates = (value: unknown) =>
  shop.call<{ key?: string; value?: string; error?: string }>("/api/admin/configuration", {
    method: "POST",
    body: { key: "key_dates", value },
  });
const orderByOf = async (id: string) => (await shop.json<{ order_by: unknown }>(`/api/products/${id}`)).body.order_by;
const pageText = async (id: string) => textOf(await (await shop.request(`/products/${id}`)).text());

describe("the owner's key dates", () => {
  test("are saved from the list itself or its JSON text, in date order, and read back on Configuration", async () => {
    await shopAt("2026-12-01T10:00:00Z");
    const saved = await saveKeyDates(KEY_DATES);
    expect(saved.status).toBe(200);
    const stored = JSON.parse(saved.body.value ?? "");
    expect(stored.map((entry: { name: string }) => entry.name)).toEqual(["Christmas Day", "New Year's Day"]);
    expect((await saveKeyDates(JSON.stringify(KEY_DATES))).body.value).toBe(saved.body.value);
    const config = await shop.call<Record<string, string>>("/api/admin/configuration");
    expect(config.body.key_dates).toBe(saved.body.value);
  });

  const refusals: [string, unknown, string][] = [
    ["not JSON", "Christmas, 25 December", KEY_DATE_MESSAGES.notAList],
    ["not a list", '{"name":"Christmas Day"}', KEY_DATE_MESSAGES.notAList],
    ["an entry without a name", [{ date: "2026-12-25" }], KEY_DATE_MESSAGES.name(0)],
    ["a name of 41 characters", [{ name: "x".repeat(41), date: "2026-12-25" }], KEY_DATE_MESSAGES.name(0)],
    ["a date that does not exist", [KEY_DATES[1], { name: "Odd", date: "2027-02-30" }], KEY_DATE_MESSAGES.date(1)],
    ["a date written the British way", [{ name: "Christmas Day", date: "25/12/2026" }], KEY_DATE_MESSAGES.date(0)],
    ["delivery days of 31", [{ ...KEY_DATES[1], delivery_days: 31 }], KEY_DATE_MESSAGES.deliveryDays(0)],
    ["delivery days of 1.5", [{ ...KEY_DATES[1], delivery_days: 1.5 }], KEY_DATE_MESSAGES.deliveryDays(0)],
    ["more than the most", Array.from({ length: MAX_KEY_DATES + 1 }, () => KEY_DATES[1]), KEY_DATE_MESSAGES.tooMany],
  ];
  for (const [what, value, error] of refusals) {
    test(`${what}: 400 "${error}", the saved list kept`, async () => {
      await shopAt("2026-12-01T10:00:00Z");
      const before = (await saveKeyDates(KEY_DATES)).body.value;
      const answer = await saveKeyDates(value);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
      const row = shop.db.query<{ value: string }, []>("SELECT value FROM configuration WHERE key = 'key_dates'").get();
      expect(row?.value).toBe(before);
    });
  }
});

describe("a product's order_by", () => {
  test("gives each date shown its last order day from the product's lead time; the catalogue carries the same", async () => {
    await shopAt("2026-12-01T10:00:00Z");
    await saveKeyDates(KEY_DATES);
    expect(await orderByOf(BIRD_FEEDER.id)).toEqual([
      { name: "Christmas Day", date: "2026-12-25", last_order_day: "2026-12-17" },
      // Thursday 31st, back 3 + 1 working days over the 28th, the weekend and the 25th.
      { name: "New Year's Day", date: "2027-01-01", last_order_day: "2026-12-23" },
    ]);
    // Five working days to make: two earlier.
    expect(await orderByOf(PLANTER.id)).toEqual([
      { name: "Christmas Day", date: "2026-12-25", last_order_day: "2026-12-15" },
      { name: "New Year's Day", date: "2027-01-01", last_order_day: "2026-12-21" },
    ]);
    const catalogue = await shop.json<{ id: string; order_by: unknown }[]>("/api/catalog");
    expect(catalogue.body.find((product) => product.id === BIRD_FEEDER.id)?.order_by).toEqual(await orderByOf(BIRD_FEEDER.id));
  });

  test("is empty more than six weeks before a date and once it has passed", async () => {
    await shopAt("2026-11-12T10:00:00Z"); // 43 days before Christmas
    await saveKeyDates([KEY_DATES[1]]);
    expect(await orderByOf(BIRD_FEEDER.id)).toEqual([]);
    clock.at = new Date("2026-11-13T10:00:00Z");
    await saveKeyDates([KEY_DATES[1]]);
    expect(await orderByOf(BIRD_FEEDER.id)).toHaveLength(1);
    clock.at = new Date("2026-12-26T10:00:00Z");
    await saveKeyDates([KEY_DATES[1]]);
    expect(await orderByOf(BIRD_FEEDER.id)).toEqual([]);
  });

  test("the product page says the last day, then from the cut-off on that day, plainly that it will arrive after", async () => {
    await shopAt("2026-12-17T13:59:00Z");
    await saveKeyDates([KEY_DATES[1]]);
    expect(await pageText(BIRD_FEEDER.id)).toContain("Order by Thursday 17 December for Christmas Day");
    clock.at = new Date("2026-12-17T14:00:00Z");
    await saveKeyDates([{ ...KEY_DATES[1], name: "Christmas" }]);
    const late = await pageText(BIRD_FEEDER.id);
    expect(late).toContain("Ordered now, it will arrive after Christmas (Friday 25 December).");
    expect(late).not.toContain("Order by");
  });
});
