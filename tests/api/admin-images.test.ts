import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { AdminImage } from "../../src/modules/admin-catalog/images-model";
import type { AdminProduct } from "../../src/modules/admin-catalog/products-model";
import type { Product } from "../../src/modules/catalog/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct } from "../support/factories";
import { countRows } from "../support/test-app";

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
});

afterAll(() => shop.close());

const addImage = <T = AdminImage>(productId: string, body: unknown) =>
  shop.call<T>(`/api/admin/products/${productId}/images`, { method: "POST", body });
const primaryOf = (id: string) =>
  shop.db.query<{ image_url: string | null }, [string]>("SELECT image_url FROM products WHERE id = ?").get(id)?.image_url;
const mediaFiles = () => {
  const dir = join(shop.dataDir, "media");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe("product pictures", () => {
  test("new pictures get sort_order = picture count + 1000 and are listed in that order", async () => {
    addProduct(shop.db, { id: "lamp" });
    const first = await addImage("lamp", { image_url: "/media/lamp-front.webp" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number), image_url: "/media/lamp-front.webp", sort_order: 1000 });
    expect((await addImage("lamp", { image_url: "https://cdn.example.com/lamp-side.webp" })).body.sort_order).toBe(1001);
    expect((await addImage("lamp", { image_url: "/media/lamp-back.webp", sort_order: null })).body.sort_order).toBe(1002);

    const list = await shop.call<AdminImage[]>("/api/admin/products/lamp/images");
    expect(list.status).toBe(200);
    expect(list.body.map((image) => [image.image_url, image.sort_order])).toEqual([
      ["/media/lamp-front.webp", 1000],
      ["https://cdn.example.com/lamp-side.webp", 1001],
      ["/media/lamp-back.webp", 1002],
    ]);
    expect((await shop.call<AdminProduct>("/api/admin/products/lamp")).body.images).toEqual(list.body);
  });

  test("a given sort_order is kept", async () => {
    addProduct(shop.db, { id: "vase" });
    expect((await addImage("vase", { image_url: "/media/vase.webp", sort_order: 5 })).body.sort_order).toBe(5);
  });

  test("image_url follows the first picture through add, reorder and delete, and is cleared with the last", async () => {
    addProduct(shop.db, { id: "sync" });
    const a = (await addImage("sync", { image_url: "/media/sync-a.webp" })).body;
    const b = (await addImage("sync", { image_url: "/media/sync-b.webp" })).body;
    expect(primaryOf("sync")).toBe("/media/sync-a.webp");

    const reordered = await shop.call<AdminImage[]>("/api/admin/products/sync/images/reorder", {
      method: "PATCH",
      body: {
        imageOrders: [
          { id: a.id, sort_order: 2 },
          { id: b.id, sort_order: 1 },
        ],
      },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body).toEqual([
      { id: b.id, image_url: "/media/sync-b.webp", sort_order: 1 },
      { id: a.id, image_url: "/media/sync-a.webp", sort_order: 2 },
    ]);
    expect(primaryOf("sync")).toBe("/media/sync-b.webp");
    expect((await shop.json<Product>("/api/products/sync")).body.imageUrl).toBe("/media/sync-b.webp");

    expect(await shop.call(`/api/admin/product-images/${b.id}`, { method: "DELETE" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(primaryOf("sync")).toBe("/media/sync-a.webp");
    await shop.call(`/api/admin/product-images/${a.id}`, { method: "DELETE" });
    expect(primaryOf("sync")).toBeNull();
  });

  test("saving the product while it has pictures keeps image_url on the first picture", async () => {
    addProduct(shop.db, { id: "kept" });
    await addImage("kept", { image_url: "/media/kept.webp" });
    const saved = await shop.call<AdminProduct>("/api/admin/products", {
      method: "POST",
      body: { id: "kept", name: "Kept", price_cents: 100, image_url: "https://elsewhere.example.com/other.webp" },
    });
    expect(saved.body.image_url).toBe("/media/kept.webp");
  });

  test("adding a picture to a product that is not saved yet answers 404 asking to save the product first", async () => {
    const before = countRows(shop.db, "product_images");
    expect(await addImage("not-saved-yet", { image_url: "/media/x.webp" })).toMatchObject({
      status: 404,
      body: { error: "Please save the product first before adding images." },
    });
    expect(countRows(shop.db, "product_images")).toBe(before);
  });

  for (const url of ["http://cdn.example.com/a.webp", "javascript:alert(1)", "/etc/passwd", "/media/../shop.db", "//evil.example/a.png"]) {
    test(`an image_url of ${JSON.stringify(url)} is refused and nothing stored`, async () => {
      addProduct(shop.db, { id: "strict" });
      const before = countRows(shop.db, "product_images");
      expect(await addImage("strict", { image_url: url })).toMatchObject({
        status: 400,
        body: { error: "Image URL must be a /media/… path from an upload or an https:// address." },
      });
      expect(countRows(shop.db, "product_images")).toBe(before);
      shop.db.run("DELETE FROM products WHERE id = 'strict'");
    });
  }

  test("a body without image_url is refused with a message that says what to send", async () => {
    addProduct(shop.db, { id: "no-url" });
    const before = countRows(shop.db, "product_images");
    expect(await addImage("no-url", { sort_order: 1 })).toMatchObject({
      status: 400,
      body: { error: "Send the picture's address as image_url." },
    });
    expect(countRows(shop.db, "product_images")).toBe(before);
  });

  test("reordering with a picture of another product is refused and nothing moves", async () => {
    addProduct(shop.db, { id: "mine", images: ["/media/mine.webp"] });
    addProduct(shop.db, { id: "theirs", images: ["/media/theirs.webp"] });
    const mine = (await shop.call<AdminImage[]>("/api/admin/products/mine/images")).body[0]!;
    const theirs = (await shop.call<AdminImage[]>("/api/admin/products/theirs/images")).body[0]!;
    const response = await shop.call("/api/admin/products/mine/images/reorder", {
      method: "PATCH",
      body: {
        imageOrders: [
          { id: mine.id, sort_order: 9 },
          { id: theirs.id, sort_order: 8 },
        ],
      },
    });
    expect(response).toMatchObject({ status: 400, body: { error: `Image ${theirs.id} does not belong to this product.` } });
    expect((await shop.call<AdminImage[]>("/api/admin/products/mine/images")).body).toEqual([mine]);
    expect((await shop.call<AdminImage[]>("/api/admin/products/theirs/images")).body).toEqual([theirs]);
  });

  test("a reorder body of the wrong shape answers 400 with what to send", async () => {
    addProduct(shop.db, { id: "shape" });
    expect(await shop.call("/api/admin/products/shape/images/reorder", { method: "PATCH", body: { order: [] } })).toMatchObject({
      status: 400,
      body: { error: "Send the new order as { imageOrders: [{ id, sort_order }] }." },
    });
  });

  test("deleting a picture that does not exist answers 404 'Image not found.'", async () => {
    expect(await shop.call("/api/admin/product-images/999999", { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { error: "Image not found." },
    });
  });

  test("a picture id that is not a number answers 400", async () => {
    expect(await shop.call("/api/admin/product-images/first", { method: "DELETE" })).toMatchObject({
      status: 400,
      body: { error: "Each image needs its numeric id." },
    });
  });

  test("the pictures of a product that does not exist answer 404 'Product not found.'", async () => {
    expect(await shop.call("/api/admin/products/nowhere/images")).toMatchObject({ status: 404, body: { error: "Product not found." } });
  });
});

describe("POST /api/admin/upload-image", () => {
  const upload = (file: Blob | string | null, name = "picture.png", field = "image") => {
    const form = new FormData();
    if (file instanceof Blob) form.append(field, file, name);
    else if (file !== null) form.append(field, file);
    return shop.call<{ url?: string; error?: string }>("/api/admin/upload-image", { method: "POST", body: form });
  };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
  const blob = (bytes: Uint8Array, type = "image/png") => new Blob([new Uint8Array(bytes)], { type });

  test("a PNG becomes a WebP in /media, served as image/webp with a year's immutable cache", async () => {
    const response = await upload(blob(await png(2400, 1200)));
    expect(response.status).toBe(201);
    expect(response.body.url).toMatch(/^\/media\/upload-[0-9a-f]{16}\.webp$/);

    const served = await shop.request(response.body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toStartWith("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 1600, height: 800 });
  });

  test("a small picture is not enlarged, and the same picture twice is one file", async () => {
    const bytes = await png(300, 200);
    const first = await upload(blob(bytes));
    const second = await upload(blob(bytes), "again.png");
    expect(second.body.url).toBe(first.body.url!);
    expect(mediaFiles().filter((name) => `/media/${name}` === first.body.url)).toHaveLength(1);
    const stored = await sharp(join(shop.dataDir, first.body.url!)).metadata();
    expect(stored).toMatchObject({ width: 300, height: 200 });
  });

  test("EXIF is applied (the picture stands upright) and then stripped", async () => {
    const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#e76f51" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(blob(photo, "image/jpeg"), "photo.jpg");
    expect(response.status).toBe(201);
    const stored = await sharp(join(shop.dataDir, response.body.url!)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored).toMatchObject({ width: 200, height: 400 });
  });

  test("an uploaded picture added to a product carries its size to the public catalogue", async () => {
    addProduct(shop.db, { id: "sized" });
    const { url } = (await upload(blob(await png(800, 600)))).body;
    await addImage("sized", { image_url: url });
    const product = (await shop.json<Product>("/api/products/sized")).body;
    expect(product.images).toEqual([{ url: url!, width: 800, height: 600 }]);
  });

  test("a picture over 50 megapixels is refused with 400 before it is decoded, and nothing is written to media", async () => {
    const before = mediaFiles();
    // Small on the wire (one colour compresses to almost nothing), 52 million pixels once decoded.
    const response = await upload(blob(await png(8000, 6500)), "poster.png");
    expect(response).toMatchObject({
      status: 400,
      body: { error: "That picture has too many pixels (over 50 megapixels). Resize it and try again." },
    });
    expect(mediaFiles()).toEqual(before);
  });

  test("a text file named .png is refused with 400 and nothing is written to media", async () => {
    const before = mediaFiles();
    const response = await upload(new Blob(["just some words, not a picture"], { type: "image/png" }), "fake.png");
    expect(response).toMatchObject({
      status: 400,
      body: { error: "That file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture." },
    });
    expect(mediaFiles()).toEqual(before);
  });

  test("an SVG is refused: it can carry scripts, and it is not one of the accepted formats", async () => {
    const before = mediaFiles();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const response = await upload(new Blob([svg], { type: "image/svg+xml" }), "logo.svg");
    expect(response).toMatchObject({
      status: 400,
      body: { error: "That file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture." },
    });
    expect(mediaFiles()).toEqual(before);
  });

  test("a body over 10 MB is refused with 413 and nothing is written to media", async () => {
    const before = mediaFiles();
    const response = await upload(new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/png" }), "huge.png");
    expect(response).toMatchObject({ status: 413, body: { error: "Images can be at most 10 MB." } });
    expect(mediaFiles()).toEqual(before);
  });

  test("an endless body is cut off after 10 MB with 413, never read to the end", async () => {
    const before = mediaFiles();
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const response = await shop.request("/api/admin/upload-image", {
      method: "POST",
      headers: { Cookie: shop.cookie, "Content-Type": "multipart/form-data; boundary=endless" },
      body: endless,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "Images can be at most 10 MB." });
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(mediaFiles()).toEqual(before);
  });

  test("a form without the image field answers 400 'Choose an image to upload.'", async () => {
    expect(await upload(blob(await png(10, 10)), "x.png", "picture")).toMatchObject({
      status: 400,
      body: { error: "Choose an image to upload." },
    });
    expect(await upload("not a file")).toMatchObject({ status: 400, body: { error: "Choose an image to upload." } });
  });

  test("a JSON body instead of a form answers 400 'Choose an image to upload.'", async () => {
    expect(await shop.call("/api/admin/upload-image", { method: "POST", body: { image: "data:image/png;base64,AAAA" } })).toMatchObject({
      status: 400,
      body: { error: "Choose an image to upload." },
    });
  });

  test("without a session the upload is refused with 401 and nothing is written", async () => {
    const before = mediaFiles();
    const form = new FormData();
    form.append("image", blob(await png(20, 20)), "x.png");
    const response = await shop.request("/api/admin/upload-image", { method: "POST", body: form });
    expect(response.status).toBe(401);
    expect(mediaFiles()).toEqual(before);
  });
});
