import type { Database } from "bun:sqlite";
import type { ModelUploadAnswer, PriceAnswer, PricingSettings } from "../../shared/instant-prices";
import { addProduct } from "./factories";
import { binaryStl, cubeTriangles } from "./stl";
import type { TestShop } from "./test-app";

// Instant prices in tests: the owner's rates written straight into the schema, a product that takes a model, and
// the shopper's two calls (upload, price) as the product page makes them.

/** Believable rates (the demo seed's shape): two materials, two printers, instant prices on. */
export function pricingFixture(rules: Partial<PricingSettings["rules"]> = {}): PricingSettings {
  return {
    materials: [
      { id: "pla", name: "PLA", colours: ["Black", "White"], density_g_cm3: 1.24, price_per_kg_pence: 2200, waste_pct: 5 },
      { id: "petg", name: "PETG", colours: ["Orange"], density_g_cm3: 1.27, price_per_kg_pence: 2600, waste_pct: 7 },
    ],
    printers: [
      { id: "mk4", name: "Prusa MK4", bed_mm: [250, 210, 220], hourly_pence: 120 },
      { id: "mini", name: "Prusa Mini", bed_mm: [180, 180, 180], hourly_pence: 90 },
    ],
    rules: {
      setup_pence: 150,
      minimum_pence: 800,
      markup_pct: 35,
      infill_pct: 20,
      support_bands: [{ overhang_over: 0.1, surcharge_pct: 10 }],
      max_overhang_fraction: 0.4,
      auto_limit_pence: 15000,
      instant_on: true,
      review_all: false,
      quantity_breaks: [{ from: 5, discount_pct: 5 }],
      ...rules,
    },
  };
}

export function setPricing(db: Database, settings: PricingSettings): void {
  db.query("UPDATE pricing_settings SET settings = ? WHERE id = 1").run(JSON.stringify(settings));
}

export function storedPricing(db: Database): PricingSettings {
  return JSON.parse(db.query<{ settings: string }, []>("SELECT settings FROM pricing_settings").get()!.settings) as PricingSettings;
}

/** "Print your own model": the product a shopper's model is priced for. */
export const OWN_MODEL = { id: "own-model", name: "Print your own model", price_cents: 800, requires_model: true } as const;

/** A shop with the fixture's rates and the own-model product. */
export function readyForModels(shop: TestShop, settings = pricingFixture()): void {
  setPricing(shop.db, settings);
  addProduct(shop.db, OWN_MODEL);
}

/** A closed 20 mm cube as binary STL: 8,000 mm³, 2,400 mm². */
export const cubeStl = (size = 20) => binaryStl(cubeTriangles(size)) as Uint8Array<ArrayBuffer>;

export type Answer<T> = T & { error?: string; field?: string };

export function uploadModel(
  shop: TestShop,
  bytes: BlobPart | null,
  {
    name = "cube.stl",
    productId = OWN_MODEL.id,
    headers = {},
  }: { name?: string; productId?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  form.append("productId", productId);
  if (bytes !== null) form.append("model", new File([bytes], name));
  return shop.json<Answer<ModelUploadAnswer>>("/api/models/upload", { method: "POST", body: form, headers });
}

export function priceOf(shop: TestShop, body: unknown, headers: Record<string, string> = {}) {
  return shop.json<Answer<PriceAnswer>>("/api/models/price", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Uploads the cube and prices it; the token and the answer. */
export async function pricedCube(shop: TestShop, choices: { material?: string; colour?: string; quantity?: number; scale?: number } = {}) {
  const upload = await uploadModel(shop, cubeStl());
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.body.error}`);
  const token = upload.body.token;
  const price = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1, ...choices });
  if (price.status !== 200) throw new Error(`price answered ${price.status}: ${price.body.error}`);
  return { token, price: price.body };
}
