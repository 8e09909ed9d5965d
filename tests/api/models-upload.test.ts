import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MODEL_UPLOAD_MESSAGES } from "../../src/modules/instant-prices/model";
import { MODEL_MAX_BYTES } from "../../src/modules/uploads/model";
import { addProduct } from "../support/factories";
import { cubeStl, OWN_MODEL, pricingFixture, readyForModels, uploadModel } from "../support/instant-prices";
import { asciiStlText, cubeTriangles } from "../support/stl";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { filesInUploads } from "../support/uploads-folder";

// POST /api/models/upload: a shopper's STL, OBJ or 3MF measured, kept as sent and answered as the contract's
// analysis (docs/decisions/0042-instant-prices-calls-and-checkout.md). Every model is built here.

type UploadRow = {
  kind: string;
  product_id: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  details: string;
};

/** Twenty-one uploads in a row: on a shared machine beside the whole suite they may wait their turn for the CPU. */
const SLOW_TEST_MS = 30_000;
let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  readyForModels(shop);
  addProduct(shop.db, { id: "lamp", name: "Lithophane", requires_image: true });
});
afterEach(() => shop.close());

function rowOf(token: string): UploadRow {
  const row = shop.db.query<UploadRow, [string]>("SELECT * FROM uploads WHERE token = ?").get(token);
  if (!row) throw new Error(`no upload row for ${token}`);
  return row;
}

function expectNothingStored() {
  expect(countRows(shop.db, "uploads")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

/** A 20 mm cube as OBJ text: eight corners, six square faces. */
const CUBE_OBJ = [
  "v 0 0 0",
  "v 20 0 0",
  "v 20 20 0",
  "v 0 20 0",
  "v 0 0 20",
  "v 20 0 20",
  "v 20 20 20",
  "v 0 20 20",
  "f 1 3 2",
  "f 1 4 3",
  "f 5 6 7",
  "f 5 7 8",
  "f 1 2 6",
  "f 1 6 5",
  "f 2 3 7",
  "f 2 7 6",
  "f 3 4 8",
  "f 3 8 7",
  "f 4 1 5",
  "f 4 5 8",
].join("\n");

describe("a model that can be read", () => {
  test("a binary STL cube is answered 201 with its analysis and the printers it fits, and kept as sent", async () => {
    const bytes = cubeStl();
    const { status, body } = await uploadModel(shop, bytes, { name: "Bracket v2.stl" });
    expect(status).toBe(201);
    expect(body).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      filename: "Bracket v2.stl",
      volume_mm3: expect.closeTo(8000, 0),
      area_mm2: expect.closeTo(2400, 0),
      bbox_mm: [20, 20, 20],
      shells: 1,
      watertight: true,
      overhang_fraction: expect.any(Number),
      units_suspect: false,
      fits: ["mk4", "mini"],
    });
    const row = rowOf(body.token);
    expect(row).toMatchObject({ kind: "model", product_id: OWN_MODEL.id, original_name: "Bracket v2.stl", content_type: "model/stl" });
    expect(row.stored_name).toMatch(/^u_[0-9a-f]{32}\.stl$/);
    expect(filesInUploads(shop)).toEqual([row.stored_name]);
    expect(new Uint8Array(readFileSync(join(shop.dataDir, "uploads", row.stored_name)))).toEqual(bytes);
    expect(row.size_bytes).toBe(bytes.byteLength);
    // The analysis is kept with the upload: the price call and the checkout read it, not the file.
    expect(JSON.parse(row.details)).toEqual({ analysis: expect.objectContaining({ bbox_mm: [20, 20, 20] }), fits: ["mk4", "mini"] });
  });

  test("an ASCII STL and an OBJ of the same cube measure the same", async () => {
    const ascii = await uploadModel(shop, asciiStlText(cubeTriangles(20)), { name: "cube-ascii.stl" });
    const obj = await uploadModel(shop, CUBE_OBJ, { name: "cube.OBJ" });
    expect([ascii.status, obj.status]).toEqual([201, 201]);
    expect(obj.body.filename).toBe("cube.obj");
    expect(rowOf(obj.body.token).content_type).toBe("model/obj");
    for (const body of [ascii.body, obj.body]) {
      expect(body.volume_mm3).toBeCloseTo(8000, 0);
      expect(body.bbox_mm).toEqual([20, 20, 20]);
    }
  });

  test("a model larger than every bed fits none", async () => {
    const { status, body } = await uploadModel(shop, cubeStl(300), { name: "big.stl" });
    expect(status).toBe(201);
    expect(body.fits).toEqual([]);
  });

  test("a model only the larger bed holds fits that printer alone", async () => {
    const { body } = await uploadModel(shop, cubeStl(200));
    expect(body.fits).toEqual(["mk4"]);
  });

  test("a 0.8 mm part is flagged as maybe drawn in inches", async () => {
    const { status, body } = await uploadModel(shop, cubeStl(0.8));
    expect(status).toBe(201);
    expect(body.units_suspect).toBe(true);
  });

  test("a sender's file name is made safe and keeps the model's extension", async () => {
    const { body } = await uploadModel(shop, cubeStl(), { name: "../../etc/pass wd.STL" });
    expect(body.filename).not.toContain("/");
    expect(body.filename.endsWith(".stl")).toBe(true);
  });
});

describe("refused, with nothing stored", () => {
  test("no file chosen", async () => {
    const { status, body } = await uploadModel(shop, null);
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.modelMissing });
    expectNothingStored();
  });

  test("an empty file counts as none chosen", async () => {
    const { status, body } = await uploadModel(shop, new Uint8Array(0));
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.modelMissing });
    expectNothingStored();
  });

  test("a photo named .stl", async () => {
    const { status, body } = await uploadModel(shop, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), { name: "holiday.stl" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.notModel });
    expectNothingStored();
  });

  test("a text file named .obj with no vertices has no triangles to print", async () => {
    const { status, body } = await uploadModel(shop, "just some notes\nabout a bracket\n", { name: "notes.obj" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.empty });
    expectNothingStored();
  });

  test("a zip named .3mf with no model inside", async () => {
    const emptyZip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    const { status, body } = await uploadModel(shop, emptyZip, { name: "part.3mf" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.notModel });
    expectNothingStored();
  });

  test("a file that is not a model kind by its name", async () => {
    const { status, body } = await uploadModel(shop, cubeStl(), { name: "cube.step" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.notModel });
    expectNothingStored();
  });

  test("a file 1 byte over 50 MB is 413", async () => {
    const { status, body } = await uploadModel(shop, new Uint8Array(MODEL_MAX_BYTES + 1), { name: "huge.stl" });
    expect({ status, error: body.error }).toEqual({ status: 413, error: MODEL_UPLOAD_MESSAGES.modelTooLarge });
    expectNothingStored();
  });

  test("a product that does not take a model", async () => {
    const { status, body } = await uploadModel(shop, cubeStl(), { productId: "lamp" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: MODEL_UPLOAD_MESSAGES.modelNotTaken });
    expectNothingStored();
  });

  test("an unknown product", async () => {
    const { status, body } = await uploadModel(shop, cubeStl(), { productId: "no-such-thing" });
    expect({ status, error: body.error }).toEqual({ status: 404, error: "Product not found." });
    expectNothingStored();
  });

  test("no product named", async () => {
    const form = new FormData();
    form.append("model", new File([cubeStl()], "cube.stl"));
    const { status, body } = await shop.json<{ error: string }>("/api/models/upload", { method: "POST", body: form });
    expect({ status, error: body.error }).toEqual({ status: 400, error: "Say which product this file is for." });
    expectNothingStored();
  });

  test(
    "the 21st upload in ten minutes from one address is 429, counted with routes and photos",
    async () => {
      for (let i = 0; i < 20; i++) expect((await uploadModel(shop, cubeStl(), { productId: "lamp" })).status).toBe(400);
      const { status, body, response } = await uploadModel(shop, cubeStl());
      expect({ status, error: body.error }).toEqual({ status: 429, error: "Too many uploads. Please wait a few minutes and try again." });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expectNothingStored();
    },
    SLOW_TEST_MS,
  );
});

test("the printers a model fits are the owner's printers when it arrives", async () => {
  const settings = pricingFixture();
  settings.printers = [{ id: "delta", name: "Tall delta", bed_mm: [100, 100, 400], hourly_pence: 100 }];
  shop.db.query("UPDATE pricing_settings SET settings = ?").run(JSON.stringify(settings));
  expect((await uploadModel(shop, cubeStl(50))).body.fits).toEqual(["delta"]);
  expect((await uploadModel(shop, cubeStl(150))).body.fits).toEqual([]);
});

test("the upload call is personal: never stored by a browser or proxy", async () => {
  const { response } = await uploadModel(shop, cubeStl());
  expect(response.headers.get("cache-control")).toContain("no-store");
});
