import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout } from "../support/checkout";
import { addProduct } from "../support/factories";
import { ASK, answerHold, askCustomer, tokenOf, uploadPhoto } from "../support/holds";

// A replacement file sent with "Ask for a change" (docs/decisions/0048-order-holds.md): uploaded through the
// product page's own upload call, then the order line points at it; the old file leaves the order so the upload
// cleaner removes it like any other file no order holds.

const PHOTO_NEEDED = "The replacement file was not found. Upload it again, then send your answer.";

let shop: OwnerShop;
let orderId: string;
let firstPhoto: string;

const photo = (background: string, productId = "lamp") => uploadPhoto(shop, productId, background);

function lineMeta(): { imageToken?: string } {
  const row = shop.db.query<{ meta: string }, [string]>("SELECT meta FROM order_items WHERE order_id = ? ORDER BY id").get(orderId);
  return JSON.parse(row?.meta ?? "{}");
}

function orderOfUpload(token: string): string | null {
  return shop.db.query<{ order_id: string | null }, [string]>("SELECT order_id FROM uploads WHERE token = ?").get(token)?.order_id ?? null;
}

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
  addProduct(shop.db, { id: "moon", name: "Moon lamp", price_cents: 4400, requires_image: true });
  firstPhoto = await photo("#101010");
  orderId = (await buyThroughDemoCheckout(shop, [{ id: "lamp", productName: "Lithophane", imageToken: firstPhoto }])).orderId;
});
afterEach(() => shop.close());

async function openOnLine(lineIndex: number | undefined = 0) {
  const made = await askCustomer(shop, orderId, { ...ASK, line_index: lineIndex });
  expect(made.status).toBe(201);
  return { id: made.body.id, token: tokenOf(made.body.url) };
}

describe("a replacement photo", () => {
  test("re-points the order line at the new photo and lets the old one go", async () => {
    expect(lineMeta().imageToken).toBe(firstPhoto);
    const { id, token } = await openOnLine();
    const brighter = await photo("#f0f0f0");
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: "A brighter one.", replacementToken: brighter });
    expect(asked.status).toBe(200);
    expect(lineMeta().imageToken).toBe(brighter);
    expect(orderOfUpload(brighter)).toBe(orderId);
    expect(orderOfUpload(firstPhoto)).toBeNull();
  });

  test("an unknown upload is 400 and the line keeps its photo", async () => {
    const { id, token } = await openOnLine();
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: "A brighter one.", replacementToken: "nope" });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ error: PHOTO_NEEDED } as never);
    expect(lineMeta().imageToken).toBe(firstPhoto);
    expect(orderOfUpload(firstPhoto)).toBe(orderId);
  });

  test("a photo already on an order cannot be sent again as a replacement", async () => {
    const { id, token } = await openOnLine();
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: "Same again", replacementToken: firstPhoto });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ error: PHOTO_NEEDED } as never);
  });

  test("a photo uploaded for another product is 400", async () => {
    const { id, token } = await openOnLine();
    const other = await photo("#f0f0f0", "moon");
    const asked = await answerHold(shop, orderId, id, "changes", { t: token, message: "This one", replacementToken: other });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ error: "The replacement must be uploaded on the same product's page as the file it replaces." } as never);
    expect(lineMeta().imageToken).toBe(firstPhoto);
  });

  test("a question not about a line takes no file: 400, nothing answered", async () => {
    const made = await askCustomer(shop, orderId, ASK);
    const token = tokenOf(made.body.url);
    const brighter = await photo("#f0f0f0");
    const asked = await answerHold(shop, orderId, made.body.id, "changes", { t: token, message: "Here", replacementToken: brighter });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({
      error: "This question is not about one of your files, so there is nothing to replace. Send your message without a file.",
    } as never);
    expect(orderOfUpload(brighter)).toBeNull();
  });
});
