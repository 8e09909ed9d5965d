import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { GPX_MAX_BYTES } from "../../src/modules/uploads/model";
import { postCheckout } from "../support/checkout";
import { addProduct } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { filesInUploads } from "../support/uploads-folder";
import { waitUntil } from "../support/wait-until";

// POST /api/gpx/upload and GET /api/uploads/{token}/preview.svg, through the
// real app over a temp database and data folder.

type Answer = {
  token?: string;
  name?: string;
  error?: string;
  details?: {
    distanceM: number;
    ascentM: number;
    descentM: number;
    pointCount: number;
    bbox: unknown;
    points: unknown[];
    profile: unknown[];
  };
};
type UploadRow = {
  token: string;
  kind: string;
  product_id: string;
  original_name: string;
  stored_name: string;
  content_type: string;
  size_bytes: number;
  order_id: string | null;
};

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { id: "map", name: "Relief map", price_cents: 3900, requires_gpx: true });
  addProduct(shop.db, { id: "feeder", name: "Bird feeder", price_cents: 2400 });
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
});
afterEach(() => shop.close());

const gpx = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Strata test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`;

/** Three points 0.01° apart along the 1.5° W meridian, climbing with some GPS jitter. */
const MERIDIAN_RIDE = gpx(`<trk><name>Ridge</name><trkseg>
  <trkpt lat="51.00" lon="-1.5"><ele>100</ele></trkpt>
  <trkpt lat="51.01" lon="-1.5"><ele>102</ele></trkpt>
  <trkpt lat="51.02" lon="-1.5"><ele>110</ele></trkpt>
</trkseg></trk>`);

function postGpx(file: BlobPart | null, { productId = "map", name = "ride.gpx" }: { productId?: string | null; name?: string } = {}) {
  const form = new FormData();
  if (productId !== null) form.append("productId", productId);
  if (file !== null) form.append("gpx", new File([file], name, { type: "application/gpx+xml" }));
  return shop.json<Answer>("/api/gpx/upload", { method: "POST", body: form });
}

function rowOf(token: string): UploadRow | null {
  return shop.db.query<UploadRow, [string]>("SELECT * FROM uploads WHERE token = ?").get(token);
}

/** A refused upload leaves no row and no file, not even a temporary one. */
function expectNothingStored() {
  expect(countRows(shop.db, "uploads")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

/** The haversine formula worked out in the test, independent of the code under test. */
function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = 6371.0088 * 1000;
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(a));
}

describe("a GPX route that can be printed", () => {
  test("answers a token, the name and the route's numbers", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE);
    expect(status).toBe(200);
    expect(body.name).toBe("ride.gpx");
    const expected = haversine(51, -1.5, 51.01, -1.5) + haversine(51.01, -1.5, 51.02, -1.5);
    expect(expected).toBeCloseTo(2223.9, 1); // 0.01° of latitude ≈ 1111.95 m, twice
    expect(body.details?.distanceM).toBeCloseTo(expected, 0);
    // 100 → 102 is within the 3 m hysteresis and ignored; 100 → 110 counts once.
    expect(body.details?.ascentM).toBe(10);
    expect(body.details?.descentM).toBe(0);
    expect(body.details?.pointCount).toBe(3);
    expect(body.details?.bbox).toEqual({ minLat: 51, minLon: -1.5, maxLat: 51.02, maxLon: -1.5 });
    expect(body.details?.points).toHaveLength(3);
    expect(body.details?.profile).toHaveLength(3);
  });

  // What is kept is the route alone (the track's name goes); tests/api/gpx-clean-and-trim.test.ts has the rest
  // (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
  test("keeps the route's points under a random name, with one row", async () => {
    const { body } = await postGpx(MERIDIAN_RIDE);
    const row = rowOf(body.token ?? "");
    expect(row).toMatchObject({
      kind: "gpx",
      product_id: "map",
      original_name: "ride.gpx",
      content_type: "application/gpx+xml",
      order_id: null,
    });
    expect(row?.stored_name).toMatch(/^u_[0-9a-f]{32}\.gpx$/);
    expect(filesInUploads(shop)).toEqual([row!.stored_name]);
    const stored = readFileSync(join(shop.dataDir, "uploads", row!.stored_name), "utf8");
    expect(stored).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Strata" xmlns="http://www.topografix.com/GPX/1/1">\n<trk>\n' +
        '<trkseg><trkpt lat="51" lon="-1.5"><ele>100</ele></trkpt><trkpt lat="51.01" lon="-1.5"><ele>102</ele></trkpt>' +
        '<trkpt lat="51.02" lon="-1.5"><ele>110</ele></trkpt></trkseg>\n</trk>\n</gpx>\n',
    );
    expect(row?.size_bytes).toBe(Buffer.byteLength(stored));
  });

  test("tokens are 43+ characters of base64url and differ per upload", async () => {
    const first = (await postGpx(MERIDIAN_RIDE)).body.token ?? "";
    const second = (await postGpx(MERIDIAN_RIDE)).body.token ?? "";
    expect(first).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(first).not.toBe(second);
    expect(countRows(shop.db, "uploads")).toBe(2);
  });

  test("the token is accepted by POST /api/checkout for its product", async () => {
    const { body } = await postGpx(MERIDIAN_RIDE);
    const checkout = await postCheckout(shop, [{ id: "map", productName: "Relief map", gpxToken: body.token }]);
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/\/checkout\/demo\/cs_demo_/);
  });

  test("a route with only waypoints is accepted with no distance", async () => {
    const { status, body } = await postGpx(gpx(`<wpt lat="54.45" lon="-3.21"><name>Scafell Pike</name></wpt>`));
    expect(status).toBe(200);
    expect(body.details).toMatchObject({ distanceM: 0, pointCount: 1 });
  });

  test("a GPX of exactly 10 MB is accepted", async () => {
    const head = gpx(`<wpt lat="1" lon="1"/>`);
    const exact = head.replace("</gpx>", `${" ".repeat(GPX_MAX_BYTES - Buffer.byteLength(head))}</gpx>`);
    expect(Buffer.byteLength(exact)).toBe(GPX_MAX_BYTES);
    const { status } = await postGpx(exact);
    expect(status).toBe(200);
  });

  test("a file name with ../ and a NUL byte is stored under a random name and shown sanitised", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE, { name: "../../etc/my\u0000ride..gpx" });
    expect(status).toBe(200);
    const row = rowOf(body.token ?? "")!;
    expect(body.name).toBe(row.original_name);
    expect(row.original_name.length).toBeGreaterThan(0);
    for (const bad of ["/", "\\", "\u0000", ".."]) expect(row.original_name).not.toContain(bad);
    expect(row.stored_name).toMatch(/^u_[0-9a-f]{32}\.gpx$/);
    expect(filesInUploads(shop)).toEqual([row.stored_name]);
  });
});

describe("GPX files that are refused", () => {
  const NOT_GPX = "That file is not a GPX route. Export a .gpx file from your watch or app.";
  const NO_ENTITIES = "GPX files with a DOCTYPE or entities are not accepted.";

  test("a GPX with no points", async () => {
    const { status, body } = await postGpx(gpx(`<metadata><name>Empty</name></metadata><trk><trkseg></trkseg></trk>`));
    expect({ status, body }).toEqual({ status: 400, body: { error: "The GPX file has no track, route or waypoints." } });
    expectNothingStored();
  });

  test("a file that is not XML", async () => {
    const { status, body } = await postGpx("lat,lon\n51.0,-1.5\n51.1,-1.5\n", { name: "ride.csv" });
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_GPX } });
    expectNothingStored();
  });

  test("XML that is not GPX", async () => {
    const { status, body } = await postGpx(`<?xml version="1.0"?><kml><Placemark/></kml>`);
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_GPX } });
    expectNothingStored();
  });

  test("XML with an external entity", async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE gpx [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n${gpx(`<wpt lat="1" lon="1"><name>&xxe;</name></wpt>`).replace(/^<\?xml[^>]*>\n/, "")}`;
    const { status, body } = await postGpx(xxe);
    expect({ status, body }).toEqual({ status: 400, body: { error: NO_ENTITIES } });
    expectNothingStored();
  });

  test("a billion-laughs entity bomb", async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join("\n");
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE gpx [\n<!ENTITY lol0 "lol">\n${levels}\n]>\n<gpx><wpt lat="1" lon="1"><name>&lol9;</name></wpt></gpx>`;
    const { status, body } = await postGpx(bomb);
    expect({ status, body }).toEqual({ status: 400, body: { error: NO_ENTITIES } });
    expectNothingStored();
  });

  test("coordinates out of range", async () => {
    const { status, body } = await postGpx(gpx(`<trk><trkseg><trkpt lat="51" lon="-1"/><trkpt lat="91.5" lon="-1"/></trkseg></trk>`));
    expect({ status, body }).toEqual({ status: 400, body: { error: "The GPX file has coordinates out of range." } });
    expectNothingStored();
  });

  test("a longitude out of range", async () => {
    const { status, body } = await postGpx(gpx(`<wpt lat="10" lon="181"/>`));
    expect({ status, body }).toEqual({ status: 400, body: { error: "The GPX file has coordinates out of range." } });
    expectNothingStored();
  });

  test("a GPX with more than 200,000 points is refused with what to do, and nothing is stored", async () => {
    const points = `<trkpt lat="1" lon="1"/>`.repeat(200_001);
    const { status, body } = await postGpx(gpx(`<trk><trkseg>${points}</trkseg></trk>`));
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        error:
          "This GPX file has more than 200,000 points. Simplify the track in your app (or export a shorter part of it) and upload it again.",
      },
    });
    expectNothingStored();
  });

  test("a GPX of exactly 200,000 points is accepted", async () => {
    const { status, body } = await postGpx(gpx(`<trk><trkseg>${`<trkpt lat="1" lon="1"/>`.repeat(200_000)}</trkseg></trk>`));
    expect(status).toBe(200);
    expect(body.details?.pointCount).toBe(200_000);
  });

  test("tags that do not close in order are not GPX", async () => {
    const { status, body } = await postGpx(gpx(`<trk><trkseg><trkpt lat="1" lon="1"></trkseg></trkpt></trk>`));
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_GPX } });
    expectNothingStored();
  });

  test("a file 1 byte over 10 MB", async () => {
    const head = gpx(`<wpt lat="1" lon="1"/>`);
    const over = head.replace("</gpx>", `${" ".repeat(GPX_MAX_BYTES + 1 - Buffer.byteLength(head))}</gpx>`);
    expect(Buffer.byteLength(over)).toBe(GPX_MAX_BYTES + 1);
    const { status, body } = await postGpx(over);
    expect({ status, body }).toEqual({ status: 413, body: { error: "GPX files can be at most 10 MB." } });
    expectNothingStored();
  });

  test("a PNG renamed .gpx", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { status, body } = await postGpx(new Uint8Array(png), { name: "route.gpx" });
    expect({ status, body }).toEqual({ status: 400, body: { error: NOT_GPX } });
    expectNothingStored();
  });

  test("a GPX sent to a product that does not require one", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE, { productId: "feeder" });
    expect({ status, body }).toEqual({ status: 400, body: { error: "This product doesn't take a GPX file." } });
    expectNothingStored();
  });

  test("a GPX sent to a product that takes a photo instead", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE, { productId: "lamp" });
    expect({ status, body }).toEqual({ status: 400, body: { error: "This product doesn't take a GPX file." } });
    expectNothingStored();
  });

  test("a GPX for a product that does not exist", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE, { productId: "no-such-thing" });
    expect({ status, body }).toEqual({ status: 404, body: { error: "Product not found." } });
    expectNothingStored();
  });

  test("a form without a file", async () => {
    const { status, body } = await postGpx(null);
    expect({ status, body }).toEqual({ status: 400, body: { error: "Choose a GPX file to upload." } });
    expectNothingStored();
  });

  test("an empty file part, as a browser sends when nothing was chosen", async () => {
    const { status, body } = await postGpx("", { name: "" });
    expect({ status, body }).toEqual({ status: 400, body: { error: "Choose a GPX file to upload." } });
    expectNothingStored();
  });

  test("a form without a product id", async () => {
    const { status, body } = await postGpx(MERIDIAN_RIDE, { productId: null });
    expect({ status, body }).toEqual({ status: 400, body: { error: "Say which product this file is for." } });
    expectNothingStored();
  });
});

describe("bodies that are not a file upload", () => {
  test("a JSON body instead of a form", async () => {
    const { status, body } = await shop.json("/api/gpx/upload", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productId: "map", gpx: MERIDIAN_RIDE }),
    });
    expect({ status, body }).toEqual({ status: 400, body: { error: "Say which product this file is for." } });
    expectNothingStored();
  });
});

describe("big bodies are cut off while they are read", () => {
  test("a declared Content-Length over the limit is refused before the body is read", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const { status, body: answer } = await shop.json("/api/gpx/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body,
    });
    expect({ status, answer }).toEqual({ status: 413, answer: { error: "GPX files can be at most 10 MB." } });
    expect(pulled).toBeLessThanOrEqual(1);
    expectNothingStored();
  });

  test("a 50 MB chunked body is abandoned just past the limit", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 50 * 1024 * 1024) return controller.close();
        sent += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const { status, body: answer } = await shop.json("/api/gpx/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body,
    });
    expect({ status, answer }).toEqual({ status: 413, answer: { error: "GPX files can be at most 10 MB." } });
    expect(sent).toBeLessThan(GPX_MAX_BYTES + 2 * 1024 * 1024);
    expectNothingStored();
  });
});

describe("a big route does not stall the shop", () => {
  test("other requests are answered while a large GPX file is being parsed", async () => {
    const points = Array.from(
      { length: 40_000 },
      (_, i) => `<trkpt lat="${(50 + i * 1e-5).toFixed(6)}" lon="-1.000000"><ele>${i % 300}</ele></trkpt>`,
    );
    let uploadDone = false;
    const upload = postGpx(gpx(`<trk><trkseg>${points.join("")}</trkseg></trk>`)).then((answer) => {
      uploadDone = true;
      return answer;
    });
    // Once the upload holds the heavy-work slot its file is being read and parsed. On the main
    // thread that parse would hold the next request back until it had finished, so the upload
    // would be answered first. (How fast is `bun run bench`'s business, not this test's.)
    await waitUntil(() => shop.deps.heavyWork.load().running === 1, 5_000, "the upload to take the heavy-work slot");
    const other = await shop.json(`/api/uploads/${"A".repeat(43)}/preview.svg`);
    expect(other.status).toBe(404);
    expect(uploadDone).toBe(false);
    const { status, body } = await upload;
    expect(status).toBe(200);
    expect(body.details?.pointCount).toBe(40_000);
  });
});

describe("rate limit", () => {
  test("the 21st upload in ten minutes from one address gets 429 with Retry-After", async () => {
    for (let i = 0; i < 20; i++) expect((await postGpx(MERIDIAN_RIDE, { productId: "feeder" })).status).toBe(400);
    const { status, body, response } = await postGpx(MERIDIAN_RIDE);
    expect({ status, body }).toEqual({ status: 429, body: { error: "Too many uploads. Please wait a few minutes and try again." } });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expectNothingStored();
  });
});

describe("GET /api/uploads/{token}/preview.svg", () => {
  test("draws the route and profile as a locked-down SVG", async () => {
    const { body } = await postGpx(MERIDIAN_RIDE);
    const response = await shop.request(`/api/uploads/${body.token}/preview.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toStartWith("private");
    const svg = await response.text();
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain("2.2 km · 10 m ascent · 0 m descent");
    expect(svg).not.toMatch(/<script|href=/i);
  });

  test("?size=thumb draws the map alone at 80 × 50 with a line at least 3 px wide, for the basket", async () => {
    const { body } = await postGpx(MERIDIAN_RIDE);
    const response = await shop.request(`/api/uploads/${body.token}/preview.svg?size=thumb`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 50" width="80" height="50"');
    const line = svg.match(/<path d="M[^"]+" fill="none" stroke="[^"]+" stroke-width="([\d.]+)"/);
    expect(Number(line?.[1])).toBeGreaterThanOrEqual(3);
    // Map only: no elevation profile, no summary line.
    expect(svg).not.toContain("km ·");
    expect(svg).not.toContain("min ");
    expect(svg).not.toMatch(/<script|href=/i);
    // The full preview is unchanged, and an unknown size gets it too.
    const full = await (await shop.request(`/api/uploads/${body.token}/preview.svg?size=poster`)).text();
    expect(full).toContain('viewBox="0 0 640 596"');
    expect(full).toContain("2.2 km · 10 m ascent · 0 m descent");
  });

  test("preview.png is the thumbnail's map as a 160 × 100 PNG, the picture an order email shows (mail clients show no SVG)", async () => {
    const { body } = await postGpx(MERIDIAN_RIDE);
    const response = await shop.request(`/api/uploads/${body.token}/preview.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toStartWith("private");
    const png = Buffer.from(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 100]);
  });

  test("preview.png of an unknown token is 404", async () => {
    const { status, body } = await shop.json(`/api/uploads/${"A".repeat(43)}/preview.png`);
    expect({ status, body }).toEqual({ status: 404, body: { error: "Upload not found." } });
  });

  test("an unknown token is 404", async () => {
    const { status, body } = await shop.json(`/api/uploads/${"A".repeat(43)}/preview.svg`);
    expect({ status, body }).toEqual({ status: 404, body: { error: "Upload not found." } });
  });

  test("a malformed token is 404", async () => {
    const { status, body } = await shop.json(`/api/uploads/..%2F..%2Fshop.db/preview.svg`);
    expect({ status, body }).toEqual({ status: 404, body: { error: "Upload not found." } });
  });
});
