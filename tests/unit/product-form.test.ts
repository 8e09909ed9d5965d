import { describe, expect, test } from "bun:test";
import { EMPTY_PRODUCT_FORM, formFromProduct, productBody, productFormProblem } from "../../web/admin/catalogue/product-form";
import type { AdminProduct } from "../../web/admin/types";

// The product editor sends a lead time only when the owner changed it
// (docs/decisions/0015-working-days.md), so a save never writes back a figure the form
// merely showed (the server keeps what is stored when lead_time_days is absent:
// tests/api/dispatch-promise.test.ts).

const stored: AdminProduct = {
  id: "lamp",
  name: "Moon lamp",
  description: "",
  price_cents: 4500,
  currency: "gbp",
  image_url: null,
  max_online_qty: null,
  stock: null,
  requires_gpx: 0,
  requires_image: 0,
  requires_model: 0,
  proof_before_making: 0,
  category_id: null,
  lead_time_days: 7,
  status: "live",
  kind: "item",
  images: [],
  variants: [],
};

describe("the product editor's lead time", () => {
  test("opens with the stored lead time, blank for the shop default", () => {
    expect(formFromProduct(stored).leadTimeDays).toBe("7");
    expect(formFromProduct({ ...stored, lead_time_days: null }).leadTimeDays).toBe("");
  });

  test("a save that did not touch the lead time leaves it out of the body", () => {
    const form = { ...formFromProduct(stored), name: "Moon lamp, large" };
    expect(productBody(form, null, "7")).not.toHaveProperty("lead_time_days");
  });

  test("a changed lead time is sent, and a cleared one is sent as null (the shop default)", () => {
    expect(productBody({ ...formFromProduct(stored), leadTimeDays: "10" }, null, "7")).toMatchObject({ lead_time_days: 10 });
    expect(productBody({ ...formFromProduct(stored), leadTimeDays: "" }, null, "7")).toMatchObject({ lead_time_days: null });
  });

  test("a new product sends a lead time only when one was typed", () => {
    const form = { ...EMPTY_PRODUCT_FORM, id: "new", name: "New", price: "5" };
    expect(productBody(form)).not.toHaveProperty("lead_time_days");
    expect(productBody({ ...form, leadTimeDays: "0" })).toMatchObject({ lead_time_days: 0 });
  });

  test("a lead time that is not a whole number from 0 to 365 stops the save with the server's words", () => {
    const form = { ...formFromProduct(stored) };
    const message = "Lead time must be a whole number of working days from 0 to 365, or blank for the shop default.";
    expect(productFormProblem({ ...form, leadTimeDays: "366" })).toBe(message);
    expect(productFormProblem({ ...form, leadTimeDays: "2.5" })).toBe(message);
    expect(productFormProblem({ ...form, leadTimeDays: "365" })).toBeNull();
  });
});

describe("the product editor's draft or live status", () => {
  test("a plain save of a saved product sends no status, so the stored one stays", () => {
    expect(productBody(formFromProduct(stored), null, "7")).not.toHaveProperty("status");
  });

  test("publishing or drafting sends the status asked for with the form's fields", () => {
    const form = { ...formFromProduct(stored), name: "Moon lamp, large" };
    expect(productBody(form, null, "7", "live")).toMatchObject({ name: "Moon lamp, large", status: "live" });
    expect(productBody(form, null, "7", "draft")).toMatchObject({ status: "draft" });
  });
});
