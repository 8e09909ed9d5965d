import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { IMAGE_MAX_BYTES } from "../../src/modules/uploads/model";
import { postCheckout } from "../support/checkout";
import { addProduct } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { filesInUploads } from "../support/uploads-folder";

// POST /api/image/upload and GET /api/uploads/{token}/preview.jpg, through
// the real app with real sharp; every fixture is made here.

type Answer = { token?: string; name?: string; error?: string; details?: { width: number; height: number } };
type UploadRow = { kind: string; product_id: string; original_name: string; stored_name: string; content_type: string; size_bytes: number };

const NOT_A_PHOTO = "That file is not a photo we can print from. Upload a JPEG, PNG or WebP image.";
const HEIC_UNREADABLE =
  "This HEIC photo cannot be read here. Save it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and upload it again.";

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
  addProduct(shop.db, { id: "map", name: "Relief map", price_cents: 3900, requires_gpx: true });
});
afterEach(() => shop.close());

function postImage(file: BlobPart | null, { productId = "lamp", name = "photo.jpg", type = "image/jpeg" } = {}) {
  const form = new FormData();
  form.append("productId", productId);
  if (file !== null) form.append("image", new File([file], name, { type }));
  return shop.json<Answer>("/api/image/upload", { method: "POST", body: form });
}

/** A landscape 400×200 picture: left half dark, right half light, so rotation is visible. */
function landscape() {
  const left = { input: { create: { width: 200, height: 200, channels: 3 as const, background: "#202020" } }, left: 0, top: 0 };
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#e0e0e0" } }).composite([left]);
}

const jpeg = async (image = landscape()) => new Uint8Array(await image.jpeg().toBuffer());

function rowOf(token: string): UploadRow {
  const row = shop.db.query<UploadRow, [string]>("SELECT * FROM uploads WHERE token = ?").get(token);
  if (!row) throw new Error(`no upload row for ${token}`);
  return row;
}

const storedBytes = (row: UploadRow) => readFileSync(join(shop.dataDir, "uploads", row.stored_name));

function expectNothingStored() {
  expect(countRows(shop.db, "uploads")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

describe("a photo that can be printed", () => {
  test("a JPEG with EXIF orientation 6 comes back upright, as JPEG, with no EXIF", async () => {
    const sideways = new Uint8Array(await landscape().jpeg().withMetadata({ orientation: 6 }).toBuffer());
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const { status, body } = await postImage(sideways, { name: "IMG_0042.jpg" });
    expect(status).toBe(200);
    expect(body.name).toBe("IMG_0042.jpg");
    expect(body.details).toEqual({ width: 200, height: 400 });

    const row = rowOf(body.token ?? "");
    expect(row).toMatchObject({ kind: "image", product_id: "lamp", original_name: "IMG_0042.jpg", content_type: "image/jpeg" });
    expect(row.stored_name).toMatch(/^u_[0-9a-f]{32}\.jpg$/);
    expect(filesInUploads(shop)).toEqual([row.stored_name]);
    const stored = await sharp(storedBytes(row)).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 200, height: 400 });
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(row.size_bytes).toBe(storedBytes(row).byteLength);
    // Rotated 90° clockwise: the dark left half is now the top half.
    const { data } = await sharp(storedBytes(row)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(data[10 * 200 + 100]!).toBeLessThan(80);
    expect(data[390 * 200 + 100]!).toBeGreaterThan(180);
  });

  test("a PNG is accepted and stored as JPEG with a .jpg name", async () => {
    const png = new Uint8Array(await landscape().png().toBuffer());
    const { status, body } = await postImage(png, { name: "grandad.png", type: "image/png" });
    expect(status).toBe(200);
    expect(body.name).toBe("grandad.jpg");
    expect((await sharp(storedBytes(rowOf(body.token ?? ""))).metadata()).format).toBe("jpeg");
  });

  test("a WebP is accepted", async () => {
    const webp = new Uint8Array(await landscape().webp().toBuffer());
    const { status, body } = await postImage(webp, { name: "dog.webp", type: "image/webp" });
    expect(status).toBe(200);
    expect(body.details).toEqual({ width: 400, height: 200 });
  });

  test("a big photo is scaled to fit 3000 × 3000, never enlarged", async () => {
    const big = await jpeg(sharp({ create: { width: 4000, height: 2000, channels: 3, background: "#808080" } }));
    const { body } = await postImage(big);
    expect(body.details).toEqual({ width: 3000, height: 1500 });
    const { body: small } = await postImage(await jpeg());
    expect(small.details).toEqual({ width: 400, height: 200 });
  });

  test("the token is accepted by POST /api/checkout for its product", async () => {
    const { body } = await postImage(await jpeg());
    const checkout = await postCheckout(shop, [{ id: "lamp", productName: "Lithophane", imageToken: body.token }]);
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/\/checkout\/demo\/cs_demo_/);
  });

  test("a real JPEG with HTML after its end is accepted, and the HTML does not survive", async () => {
    const polyglot = new Uint8Array([
      ...(await jpeg()),
      ...new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>"),
    ]);
    const { status, body } = await postImage(polyglot, { name: "photo.jpg" });
    expect(status).toBe(200);
    const stored = storedBytes(rowOf(body.token ?? ""));
    expect(stored.includes("<script")).toBe(false);
    expect(stored.includes("<html")).toBe(false);
  });
});

describe("files that are refused", () => {
  test("a truncated JPEG", async () => {
    const noise = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const whole = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const { status, body } = await postImage(new Uint8Array(whole.subarray(0, Math.floor(whole.length * 0.6))));
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_A_PHOTO } });
    expectNothingStored();
  });

  test("a JPEG header followed by HTML", async () => {
    const polyglot = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("<html><script>alert(1)</script></html>")]);
    const { status, body } = await postImage(polyglot);
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_A_PHOTO } });
    expectNothingStored();
  });

  test("an HTML page with a .jpg name", async () => {
    const { status, body } = await postImage("<!doctype html><html><script>alert(1)</script></html>", { name: "cat.jpg" });
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_A_PHOTO } });
    expectNothingStored();
  });

  test("an SVG posing as a photo", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>`;
    const { status, body } = await postImage(svg, { name: "photo.jpg", type: "image/jpeg" });
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_A_PHOTO } });
    expectNothingStored();
  });

  test("an iPhone HEIC photo this server cannot decode is refused with what to do instead", async () => {
    // An ISO-BMFF file with the "heic" brand and no picture this libvips can decode (it has no HEVC).
    const heic = new Uint8Array(64);
    heic.set([0, 0, 0, 24], 0);
    heic.set(new TextEncoder().encode("ftypheic"), 4);
    heic.set(new TextEncoder().encode("mif1heic"), 16);
    const { status, body } = await postImage(heic, { name: "IMG_0042.HEIC", type: "image/heic" });
    expect({ status, body }).toEqual({ status: 400, body: { error: HEIC_UNREADABLE } });
    expectNothingStored();
  });

  test("a GIF", async () => {
    const gif = new Uint8Array(await landscape().gif().toBuffer());
    const { status, body } = await postImage(gif, { name: "funny.gif", type: "image/gif" });
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_A_PHOTO } });
    expectNothingStored();
  });

  test("an image over the 50 megapixel limit", async () => {
    // 8000 × 8000 = 64 MP of one colour: a small file that would be huge in memory.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    const { status, body } = await postImage(new Uint8Array(huge), { name: "huge.png", type: "image/png" });
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: "That photo is too large (over 50 megapixels). Please upload a smaller one." },
    });
    expectNothingStored();
  });

  test("a file 1 byte over 15 MB", async () => {
    const over = new Uint8Array(IMAGE_MAX_BYTES + 1);
    over.set(await jpeg());
    const { status, body } = await postImage(over);
    expect({ status, body }).toEqual({ status: 413, body: { error: "Photos can be at most 15 MB." } });
    expectNothingStored();
  });

  test("a photo sent to a product that does not take one", async () => {
    const { status, body } = await postImage(await jpeg(), { productId: "map" });
    expect({ status, body }).toEqual({ status: 400, body: { error: "This product doesn't take a photo." } });
    expectNothingStored();
  });

  test("a photo for a product that does not exist", async () => {
    const { status, body } = await postImage(await jpeg(), { productId: "gone" });
    expect({ status, body }).toEqual({ status: 404, body: { error: "Product not found." } });
    expectNothingStored();
  });

  test("a form without a photo", async () => {
    const { status, body } = await postImage(null);
    expect({ status, body }).toEqual({ status: 400, body: { error: "Choose a photo to upload." } });
    expectNothingStored();
  });

  test("a file name with ../ and a NUL byte is sanitised; the stored name is random", async () => {
    const { status, body } = await postImage(await jpeg(), { name: "..\\..\\win\u0000.ini/../x..jpg" });
    expect(status).toBe(200);
    const row = rowOf(body.token ?? "");
    expect(body.name).toBe(row.original_name);
    for (const bad of ["/", "\\", "\u0000", ".."]) expect(row.original_name).not.toContain(bad);
    expect(row.original_name).toEndWith(".jpg");
    expect(row.stored_name).toMatch(/^u_[0-9a-f]{32}\.jpg$/);
  });
});

describe("GET /api/uploads/{token}/preview.jpg", () => {
  test("a small greyscale picture of the photo, like a lit lithophane", async () => {
    const big = await jpeg(sharp({ create: { width: 1600, height: 800, channels: 3, background: "#cc3311" } }));
    const { body } = await postImage(big);
    const response = await shop.request(`/api/uploads/${body.token}/preview.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toStartWith("private");
    const preview = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(preview).toMatchObject({ format: "jpeg", width: 600, height: 300, channels: 1 });
  });

  test("a GPX token does not open as a photo", async () => {
    const gpx = '<gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"/></gpx>';
    const form = new FormData();
    form.append("productId", "map");
    form.append("gpx", new File([gpx], "a.gpx"));
    const { body } = await shop.json<Answer>("/api/gpx/upload", { method: "POST", body: form });
    const { status, body: answer } = await shop.json(`/api/uploads/${body.token}/preview.jpg`);
    expect({ status, answer }).toEqual({ status: 404, answer: { error: "Upload not found." } });
  });

  test("an unknown token is 404", async () => {
    const { status, body } = await shop.json(`/api/uploads/${"b".repeat(43)}/preview.jpg`);
    expect({ status, body }).toEqual({ status: 404, body: { error: "Upload not found." } });
  });
});
