import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { PricingSettings } from "../../shared/instant-prices";
import { PRICING_MESSAGES } from "../../src/modules/instant-prices/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct } from "../support/factories";
import { pricingFixture, setPricing, storedPricing } from "../support/instant-prices";
import { createTestShop } from "../support/test-app";

// GET/PUT /api/admin/pricing: the owner's rates as one whole object; each bad value refused with its own
// message and the field it names, and nothing half-saved.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

const put = (body: unknown) =>
  shop.call<PricingSettings & { error?: string; field?: string }>("/api/admin/pricing", { method: "PUT", body });

describe("reading and saving the rates", () => {
  test("a shop that has never set rates has instant prices off, no materials and no printers", async () => {
    const { status, body } = await shop.call<PricingSettings>("/api/admin/pricing");
    expect(status).toBe(200);
    expect(body.materials).toEqual([]);
    expect(body.printers).toEqual([]);
    expect(body.rules.instant_on).toBe(false);
    // What the page reads it can save back as it is.
    expect((await put(body)).status).toBe(200);
  });

  test("the whole object saved is answered and read back exactly", async () => {
    const settings = pricingFixture();
    const saved = await put(settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    expect((await shop.call<PricingSettings>("/api/admin/pricing")).body).toEqual(settings);
    expect(storedPricing(shop.db)).toEqual(settings);
  });

  test("names and colours are trimmed and keys the contract does not have are not stored", async () => {
    const settings = pricingFixture();
    const sent = {
      ...settings,
      extra: "ignored",
      materials: [{ ...settings.materials[0]!, name: "  PLA  ", colours: [" Black ", "White"], note: "x" }, settings.materials[1]],
    };
    const saved = await put(sent);
    expect(saved.status).toBe(200);
    expect(saved.body.materials[0]).toEqual({ ...settings.materials[0]!, name: "PLA", colours: ["Black", "White"] });
    expect(Object.keys(storedPricing(shop.db))).toEqual(["materials", "printers", "rules"]);
  });

  test("switching instant prices off saves at once and keeps every rate", async () => {
    setPricing(shop.db, pricingFixture());
    const off = pricingFixture({ instant_on: false });
    expect((await put(off)).status).toBe(200);
    expect(storedPricing(shop.db)).toEqual(off);
  });

  test("without the owner's session the rates are neither read nor changed", async () => {
    const anonymous = await createTestShop();
    try {
      expect((await anonymous.json("/api/admin/pricing")).status).toBe(401);
      const changed = await anonymous.json("/api/admin/pricing", {
        method: "PUT",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
        body: JSON.stringify(pricingFixture()),
      });
      expect(changed.status).toBe(401);
      expect(storedPricing(anonymous.db).materials).toEqual([]);
    } finally {
      anonymous.close();
    }
  });
});

/** Each bad value: 400, its own message, the field it names, and the stored rates untouched. */
describe("a bad value is refused by name and nothing is saved", () => {
  const before = pricingFixture();
  beforeEach(() => setPricing(shop.db, before));

  async function refused(settings: unknown, message: string, field: string) {
    const { status, body } = await put(settings);
    expect({ status, error: body.error, field: body.field }).toEqual({ status: 400, error: message, field });
    expect(storedPricing(shop.db)).toEqual(before);
  }
  const withMaterial = (change: Record<string, unknown>, index = 0) => {
    const settings = pricingFixture({ markup_pct: 99 });
    settings.materials[index] = { ...settings.materials[index]!, ...change } as never;
    return settings;
  };
  const withPrinter = (change: Record<string, unknown>) => {
    const settings = pricingFixture({ markup_pct: 99 });
    settings.printers[0] = { ...settings.printers[0]!, ...change } as never;
    return settings;
  };
  const withRules = (change: Record<string, unknown>) => pricingFixture({ markup_pct: 99, ...change } as never);

  test("not an object", () => refused("rates", PRICING_MESSAGES.body, ""));
  test("materials not a list", () => refused({ ...pricingFixture(), materials: "PLA" }, PRICING_MESSAGES.materials, "materials"));
  test("a material id with capitals and spaces", () => refused(withMaterial({ id: "Silk PLA" }), PRICING_MESSAGES.id, "materials.0.id"));
  test("two materials with one id", () =>
    refused(withMaterial({ id: "pla" }, 1), PRICING_MESSAGES.duplicateMaterial("pla"), "materials.1.id"));
  test("a material without a name", () => refused(withMaterial({ name: "  " }), PRICING_MESSAGES.name, "materials.0.name"));
  test("a material without colours", () => refused(withMaterial({ colours: [] }), PRICING_MESSAGES.colours, "materials.0.colours"));
  test("a colour listed twice", () =>
    refused(withMaterial({ colours: ["Black", "Black"] }), PRICING_MESSAGES.duplicateColour("Black"), "materials.0.colours"));
  test("a blank colour", () => refused(withMaterial({ colours: ["Black", ""] }), PRICING_MESSAGES.colour, "materials.0.colours.1"));
  test("a density of 0", () => refused(withMaterial({ density_g_cm3: 0 }), PRICING_MESSAGES.density, "materials.0.density_g_cm3"));
  test("a price per kg in pounds with pence", () =>
    refused(withMaterial({ price_per_kg_pence: 22.5 }), PRICING_MESSAGES.pricePerKg, "materials.0.price_per_kg_pence"));
  test("a price per kg as text", () =>
    refused(withMaterial({ price_per_kg_pence: "2200" }), PRICING_MESSAGES.pricePerKg, "materials.0.price_per_kg_pence"));
  test("waste over 100 %", () => refused(withMaterial({ waste_pct: 101 }), PRICING_MESSAGES.waste, "materials.0.waste_pct"));
  test("two printers with one id", () => {
    const settings = pricingFixture({ markup_pct: 99 });
    settings.printers[1] = { ...settings.printers[1]!, id: "mk4" };
    return refused(settings, PRICING_MESSAGES.duplicatePrinter("mk4"), "printers.1.id");
  });
  test("a bed with two sides", () => refused(withPrinter({ bed_mm: [250, 210] }), PRICING_MESSAGES.bed, "printers.0.bed_mm"));
  test("a bed side of 0 mm", () => refused(withPrinter({ bed_mm: [250, 0, 220] }), PRICING_MESSAGES.bed, "printers.0.bed_mm.1"));
  test("a negative machine cost", () => refused(withPrinter({ hourly_pence: -1 }), PRICING_MESSAGES.hourly, "printers.0.hourly_pence"));
  test("rules missing", () => refused({ ...pricingFixture(), rules: undefined }, PRICING_MESSAGES.rules, "rules"));
  test("a setup charge with pence fractions", () => refused(withRules({ setup_pence: 1.5 }), PRICING_MESSAGES.setup, "rules.setup_pence"));
  test("a negative minimum charge", () => refused(withRules({ minimum_pence: -100 }), PRICING_MESSAGES.minimum, "rules.minimum_pence"));
  test("a markup over 1000 %", () => refused(withRules({ markup_pct: 1001 }), PRICING_MESSAGES.markup, "rules.markup_pct"));
  test("infill over 100 %", () => refused(withRules({ infill_pct: 120 }), PRICING_MESSAGES.infill, "rules.infill_pct"));
  test("a support band's overhang over 1", () =>
    refused(
      withRules({ support_bands: [{ overhang_over: 20, surcharge_pct: 10 }] }),
      PRICING_MESSAGES.overhangOver,
      "rules.support_bands.0.overhang_over",
    ));
  test("a support band's negative surcharge", () =>
    refused(
      withRules({ support_bands: [{ overhang_over: 0.2, surcharge_pct: -5 }] }),
      PRICING_MESSAGES.surcharge,
      "rules.support_bands.0.surcharge_pct",
    ));
  test("support bands out of order", () =>
    refused(
      withRules({
        support_bands: [
          { overhang_over: 0.3, surcharge_pct: 20 },
          { overhang_over: 0.1, surcharge_pct: 10 },
        ],
      }),
      PRICING_MESSAGES.bandsOrder,
      "rules.support_bands",
    ));
  test("a largest overhang over 1", () =>
    refused(withRules({ max_overhang_fraction: 1.5 }), PRICING_MESSAGES.maxOverhang, "rules.max_overhang_fraction"));
  test("a largest instant price as text", () =>
    refused(withRules({ auto_limit_pence: "150" }), PRICING_MESSAGES.autoLimit, "rules.auto_limit_pence"));
  test("instant prices on as a word", () => refused(withRules({ instant_on: "yes" }), PRICING_MESSAGES.instantOn, "rules.instant_on"));
  test("review every price as a number", () => refused(withRules({ review_all: 1 }), PRICING_MESSAGES.reviewAll, "rules.review_all"));
  test("a quantity break from 1 copy", () =>
    refused(withRules({ quantity_breaks: [{ from: 1, discount_pct: 5 }] }), PRICING_MESSAGES.breakFrom, "rules.quantity_breaks.0.from"));
  test("a quantity break's discount over 90 %", () =>
    refused(
      withRules({ quantity_breaks: [{ from: 5, discount_pct: 95 }] }),
      PRICING_MESSAGES.discount,
      "rules.quantity_breaks.0.discount_pct",
    ));
  test("two quantity breaks from the same quantity", () =>
    refused(
      withRules({
        quantity_breaks: [
          { from: 5, discount_pct: 5 },
          { from: 5, discount_pct: 10 },
        ],
      }),
      PRICING_MESSAGES.breaksOrder,
      "rules.quantity_breaks",
    ));
  test("instant prices on with no printer", () =>
    refused({ ...pricingFixture(), printers: [] }, PRICING_MESSAGES.needsMaterialAndPrinter, "rules.instant_on"));
});

describe("the model product's page follows the rates", () => {
  test("a colour the owner removes is no longer offered by the kept product page", async () => {
    addProduct(shop.db, { id: "own-model", name: "Print your own model", requires_model: true });
    expect((await put(pricingFixture())).status).toBe(200);
    const page = async () => (await shop.request("/products/own-model")).text();
    const before = await page();
    expect(before).toContain("Orange");
    // Asked twice so the page is kept before the rates change.
    expect(await page()).toContain("Orange");

    const settings = pricingFixture();
    settings.materials[1] = { ...settings.materials[1]!, colours: ["Teal"] };
    expect((await put(settings)).status).toBe(200);
    const after = await page();
    expect(after).not.toContain("Orange");
    expect(after).toContain("Teal");
  });
});
