import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GPX_MAX_BYTES } from "../../shared/gpx-limits";
import { type ReadRoute, readRouteFile, trimmedRoute } from "../../web/lib/route-reading";
import { postCheckout } from "../support/checkout";
import { addProduct, RELIEF_MAP } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";
import { filesInUploads } from "../support/uploads-folder";

// A GPX file is stored with only what a print needs, and the shopper can hide
// the first and last few hundred metres of the route
// (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).

type Answer = {
  token?: string;
  error?: string;
  details?: { distanceM: number; pointCount: number; points: [number, number][]; waypoints: [number, number][] };
  hidden?: { start: [number, number][]; end: [number, number][] };
};

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, RELIEF_MAP);
});
afterEach(() => shop.close());

function postGpx(text: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("productId", "map");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("gpx", new File([text], "from home.gpx", { type: "application/gpx+xml" }));
  return shop.json<Answer>("/api/gpx/upload", { method: "POST", body: form });
}

function storedText(token: string): string {
  const row = shop.db.query<{ stored_name: string }, [string]>("SELECT stored_name FROM uploads WHERE token = ?").get(token);
  return readFileSync(join(shop.dataDir, "uploads", row!.stored_name), "utf8");
}

/** Every point the stored file keeps, as numbers. */
function storedPoints(text: string, tag: "trkpt" | "wpt"): { lat: number; lon: number }[] {
  return [...text.matchAll(new RegExp(`<${tag} lat="([^"]+)" lon="([^"]+)"`, "g"))].map((m) => ({ lat: Number(m[1]), lon: Number(m[2]) }));
}

/** The haversine formula worked out here, independent of the code under test. */
function metresBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

/** What a watch exports: the route with times, heart rate, cadence, names, a described waypoint and the device. */
const WATCH_RECORDING = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
  <metadata><name>Morning run</name><author><name>Sam Walker</name><email id="sam" domain="example.com"/></author>
    <time>2026-11-20T07:02:11Z</time></metadata>
  <wpt lat="54.5" lon="-3.1"><ele>90</ele><time>2026-11-20T07:02:11Z</time><name>Home</name><desc>12 Acacia Avenue</desc><sym>House</sym></wpt>
  <trk><name>Morning run</name><desc>Before work</desc><type>running</type>
    <trkseg>
      <trkpt lat="54.5" lon="-3.1"><ele>90.4</ele><time>2026-11-20T07:02:11Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>131</gpxtpx:hr><gpxtpx:cad>84</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
      <trkpt lat="54.501" lon="-3.1"><ele>91</ele><time>2026-11-20T07:02:41Z</time>
        <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>142</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
      <trkpt lat="54.502" lon="-3.1"><time>2026-11-20T07:03:12Z</time></trkpt>
    </trkseg>
  </trk>
  <extensions><device>Forerunner 265</device></extensions>
</gpx>`;

/** 51 points 0.001° of latitude apart (about 111 m each, 5.56 km in all) north along 2° W, climbing a metre a point. */
function straightRoute(points = 51): string {
  const trkpts = Array.from(
    { length: points },
    (_, i) => `<trkpt lat="${(52 + i / 1000).toFixed(3)}" lon="-2"><ele>${100 + i}</ele></trkpt>`,
  );
  return `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${trkpts.join("")}</trkseg></trk></gpx>`;
}
const ROUTE_START = { lat: 52, lon: -2 };
const ROUTE_END = { lat: 52.05, lon: -2 };

function expectNothingStored() {
  expect(countRows(shop.db, "uploads")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

describe("what is stored of a GPX file", () => {
  test("only latitude, longitude and height are kept: times, heart rate, extensions, names, descriptions and the author go", async () => {
    const { status, body } = await postGpx(WATCH_RECORDING);
    expect(status).toBe(200);
    expect(storedText(body.token ?? "")).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Strata" xmlns="http://www.topografix.com/GPX/1/1">',
        '<wpt lat="54.5" lon="-3.1"><ele>90</ele></wpt>',
        "<trk>",
        '<trkseg><trkpt lat="54.5" lon="-3.1"><ele>90.4</ele></trkpt><trkpt lat="54.501" lon="-3.1"><ele>91</ele></trkpt><trkpt lat="54.502" lon="-3.1"></trkpt></trkseg>',
        "</trk>",
        "</gpx>\n",
      ].join("\n"),
    );
  });

  test("the size recorded is the cleaned file's, and the details describe it", async () => {
    const { body } = await postGpx(WATCH_RECORDING);
    const row = shop.db.query<{ size_bytes: number }, [string]>("SELECT size_bytes FROM uploads WHERE token = ?").get(body.token ?? "");
    expect(row?.size_bytes).toBe(Buffer.byteLength(storedText(body.token ?? "")));
    expect(row!.size_bytes).toBeLessThan(Buffer.byteLength(WATCH_RECORDING));
    expect(body.details?.pointCount).toBe(4);
  });
});

describe("hiding the start and end of a route", () => {
  test("trimStartM=1000 and trimEndM=500 store a route that starts 1000 m in and stops 500 m before the end", async () => {
    const { status, body } = await postGpx(straightRoute(), { trimStartM: "1000", trimEndM: "500" });
    expect(status).toBe(200);
    const points = storedPoints(storedText(body.token ?? ""), "trkpt");
    expect(metresBetween(ROUTE_START, points[0]!)).toBeCloseTo(1000, 0);
    expect(metresBetween(points.at(-1)!, ROUTE_END)).toBeCloseTo(500, 0);
    // Nothing of either hidden end is left in the file.
    for (const point of points) {
      expect(metresBetween(ROUTE_START, point)).toBeGreaterThanOrEqual(999.5);
      expect(metresBetween(point, ROUTE_END)).toBeGreaterThanOrEqual(499.5);
    }
    const full = metresBetween(ROUTE_START, ROUTE_END);
    expect(body.details?.distanceM).toBeCloseTo(full - 1500, 0);
    expect(body.details?.points[0]?.[0]).toBeGreaterThan(52.0089);
  });

  test("neither the answer nor the stored details carry the hidden ends: the product page drew them before sending", async () => {
    const { body } = await postGpx(straightRoute(), { trimStartM: "300", trimEndM: "200" });
    expect(body.hidden).toBeUndefined();
    const stored = shop.db.query<{ details: string }, [string]>("SELECT details FROM uploads WHERE token = ?").get(body.token ?? "");
    expect(stored?.details).not.toContain("hidden");
    expect(JSON.parse(stored!.details).points[0][0]).toBeGreaterThan(52.0026);
  });

  test("a waypoint within the hidden start goes with it", async () => {
    const route = straightRoute().replace(
      "<trk>",
      '<wpt lat="52.0005" lon="-2.0001"><name>Home</name></wpt><wpt lat="52.025" lon="-2"/><trk>',
    );
    const { body } = await postGpx(route, { trimStartM: "200" });
    expect(storedPoints(storedText(body.token ?? ""), "wpt")).toEqual([{ lat: 52.025, lon: -2 }]);
  });

  test("without a trim the whole route is kept", async () => {
    const { body } = await postGpx(straightRoute(), { trimStartM: "", trimEndM: "0" });
    const points = storedPoints(storedText(body.token ?? ""), "trkpt");
    expect(points).toHaveLength(51);
    expect(points[0]).toEqual(ROUTE_START);
  });
});

describe("a trim that cannot be taken", () => {
  const INVALID = "Choose how much of each end of the route to hide as a whole number of metres from 0 to 1000.";

  test("more than 1000 m is 400 and stores nothing", async () => {
    const { status, body } = await postGpx(straightRoute(), { trimStartM: "1100" });
    expect({ status, body }).toEqual({ status: 400, body: { error: INVALID } });
    expectNothingStored();
  });

  test("a negative number is 400 and stores nothing", async () => {
    const { status, body } = await postGpx(straightRoute(), { trimEndM: "-100" });
    expect({ status, body }).toEqual({ status: 400, body: { error: INVALID } });
    expectNothingStored();
  });

  test("a fraction is 400 and stores nothing", async () => {
    const { status, body } = await postGpx(straightRoute(), { trimEndM: "250.5" });
    expect({ status, body }).toEqual({ status: 400, body: { error: INVALID } });
    expectNothingStored();
  });

  test("words are 400 and store nothing", async () => {
    const { status, body } = await postGpx(straightRoute(), { trimStartM: "half a mile" });
    expect({ status, body }).toEqual({ status: 400, body: { error: INVALID } });
    expectNothingStored();
  });

  test("hiding as much as the whole route is 400 and stores nothing", async () => {
    // Six points: about 556 m in all.
    const { status, body } = await postGpx(straightRoute(6), { trimStartM: "300", trimEndM: "300" });
    expect({ status, body }).toEqual({
      status: 400,
      body: { error: "The route is shorter than the parts you asked to hide. Hide less of its start or end and try again." },
    });
    expectNothingStored();
  });
});

describe("an upload that replaces the shopper's earlier one (a new trim, another file)", () => {
  test("removes the earlier row and file once the new one is stored", async () => {
    const first = await postGpx(straightRoute());
    const second = await postGpx(straightRoute(), { trimStartM: "500", replaces: first.body.token ?? "" });
    expect(second.status).toBe(200);
    expect(shop.db.query("SELECT token FROM uploads").all()).toEqual([{ token: second.body.token }]);
    expect(filesInUploads(shop)).toHaveLength(1);
  });

  test("leaves an upload that a checkout names", async () => {
    const first = await postGpx(straightRoute());
    expect((await postCheckout(shop, [{ id: "map", productName: "Relief map", gpxToken: first.body.token }])).status).toBe(200);
    await postGpx(straightRoute(), { replaces: first.body.token ?? "" });
    expect(countRows(shop.db, "uploads")).toBe(2);
    expect(filesInUploads(shop)).toHaveLength(2);
  });

  test("leaves an upload another address sent", async () => {
    const first = await postGpx(straightRoute());
    shop.db.query("UPDATE uploads SET address_hash = 'someone else' WHERE token = ?").run(first.body.token ?? "");
    await postGpx(straightRoute(), { replaces: first.body.token ?? "" });
    expect(countRows(shop.db, "uploads")).toBe(2);
    expect(filesInUploads(shop)).toHaveLength(2);
  });
});

/** A hilly loop in two track segments (a pause), with a waypoint near its start and one half way: 241 points. */
function hillyLoop(): string {
  const point = (i: number) => {
    const angle = (i / 240) * 2 * Math.PI;
    const lat = (54.37 + 0.012 * Math.sin(angle)).toFixed(6);
    const lon = (-3.1 + 0.02 * Math.cos(angle)).toFixed(6);
    // Climbs and drops with a metre or two of GPS jitter on top.
    const ele = (180 + 400 * Math.sin(angle / 2) ** 2 + ((i * 7) % 5) - 2).toFixed(1);
    return `<trkpt lat="${lat}" lon="${lon}"><ele>${ele}</ele><time>2026-11-20T07:${String(i % 60).padStart(2, "0")}:00Z</time></trkpt>`;
  };
  const segment = (from: number, to: number) => `<trkseg>${Array.from({ length: to - from }, (_, k) => point(from + k)).join("")}</trkseg>`;
  return `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="Garmin Connect" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="54.3701" lon="-3.0801"><name>Home</name></wpt><wpt lat="54.37" lon="-3.12"/>
<trk><name>Loop</name>${segment(0, 120)}${segment(120, 241)}</trk></gpx>`;
}

async function readInBrowserWay(text: string | Blob): Promise<ReadRoute> {
  const read = await readRouteFile(text instanceof Blob ? text : new Blob([text]));
  if (!("route" in read)) throw new Error(`refused: ${read.refusal}`);
  return read.route;
}

// The product page reads, trims and measures the chosen file with the shop's own code, so what the shopper is
// shown is what the shop stores for that file and trim (docs/decisions/0028-route-trim-in-the-browser.md).
describe("the product page's figures are the shop's for the same file and trim", () => {
  for (const trim of [
    { startM: 0, endM: 0 },
    { startM: 300, endM: 200 },
    { startM: 1000, endM: 0 },
    { startM: 0, endM: 1000 },
    { startM: 700, endM: 900 },
  ]) {
    test(`hiding ${trim.startM} m from the start and ${trim.endM} m from the end`, async () => {
      const text = hillyLoop();
      const shown = trimmedRoute(await readInBrowserWay(text), trim);
      const { status, body } = await postGpx(text, { trimStartM: String(trim.startM), trimEndM: String(trim.endM) });
      expect(status).toBe(200);
      expect(body.details).toEqual(shown.details);
      const stored = shop.db.query<{ details: string }, [string]>("SELECT details FROM uploads WHERE token = ?").get(body.token ?? "");
      expect(JSON.parse(stored!.details)).toEqual(shown.details);
      // And the figures are real ones: the loop is about 8.2 km with a climb, less what was hidden.
      expect(shown.details.distanceM).toBeGreaterThan(6000);
      expect(shown.details.ascentM).toBeGreaterThan(300);
      if (trim.startM > 0) expect(shown.hidden.start.length).toBeGreaterThan(1);
    });
  }

  test("the page's length for a trim is the one the shop measures: a trim the page refuses, the shop refuses too", async () => {
    const route = await readInBrowserWay(straightRoute(6));
    // Six points 0.001° apart: about 556 m; 300 + 300 m would hide it all.
    expect(route.lengthM).toBeCloseTo(5 * 111.19508, 1);
    expect(() => trimmedRoute(route, { startM: 300, endM: 300 })).toThrow(
      "The route is shorter than the parts you asked to hide. Hide less of its start or end and try again.",
    );
    expect((await postGpx(straightRoute(6), { trimStartM: "300", trimEndM: "300" })).status).toBe(400);
    expect(trimmedRoute(route, { startM: 300, endM: 200 }).details.distanceM).toBeCloseTo(556 - 500, 0);
  });

  const refused: [string, string | Blob][] = [
    ["a file with no points", '<?xml version="1.0"?><gpx version="1.1"><metadata><name>x</name></metadata></gpx>'],
    ["a DOCTYPE", '<?xml version="1.0"?><!DOCTYPE gpx><gpx version="1.1"><wpt lat="1" lon="1"/></gpx>'],
    ["XML that is not GPX", '<?xml version="1.0"?><kml><trkpt lat="1" lon="1"/></kml>'],
    ["coordinates out of range", '<gpx version="1.1"><wpt lat="91" lon="1"/></gpx>'],
    ["a PNG renamed .gpx", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])])],
    [
      "a file 1 byte over 10 MB",
      new Blob([`<gpx version="1.1"><wpt lat="1" lon="1"/>${" ".repeat(GPX_MAX_BYTES)}</gpx>`.slice(0, GPX_MAX_BYTES + 1)]),
    ],
  ];
  for (const [what, file] of refused) {
    test(`${what} is refused by the page with the shop's own words, and the shop stores nothing of it`, async () => {
      const read = await readRouteFile(file instanceof Blob ? file : new Blob([file]));
      const form = new FormData();
      form.append("productId", "map");
      form.append("gpx", new File([file], "route.gpx"));
      const { status, body } = await shop.json<Answer>("/api/gpx/upload", { method: "POST", body: form });
      expect(status === 400 || status === 413).toBe(true);
      expect(read).toEqual({ refusal: body.error ?? "" });
      expectNothingStored();
    });
  }
});
