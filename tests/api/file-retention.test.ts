import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { RemovedFile } from "../../shared/removed-file";
import { removeDispatchedFiles } from "../../src/jobs/remove-dispatched-files";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, confirmCheckout, payDemo, sessionIdOf } from "../support/checkout";
import { addProduct, RELIEF_MAP } from "../support/factories";
import { textOf } from "../support/html";
import { seedCustomRequest, sentQuote } from "../support/quotes";
import { uploadsDir } from "../support/uploads-folder";

// A dispatched order's files (routes, photos, a quoted order's request
// attachments) are deleted `upload_retention_days` after dispatch by the
// clean-up job, driven here with its clock argument; the order keeps a line
// saying so, for the owner and the shopper (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).

const DAY = 24 * 60 * 60_000;
const SHIPMENT = { carrier: "Royal Mail", number: "RM123456789GB", url: "https://track.royalmail.com/RM123456789GB" };
const POSTCODE = "SW1Y 4JH"; // the demo checkout's (tests/support/checkout.ts)
const ROUTE = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
  <trkpt lat="54.50" lon="-3.1"><ele>100</ele></trkpt><trkpt lat="54.51" lon="-3.1"><ele>120</ele></trkpt></trkseg></trk></gpx>`;

let shop: OwnerShop;
beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, RELIEF_MAP);
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
});
afterEach(() => shop.close());

async function upload(kind: "gpx" | "image", productId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append("productId", productId);
  form.append(kind, file);
  const { status, body } = await shop.json<{ token: string }>(`/api/${kind}/upload`, { method: "POST", body: form });
  expect(status).toBe(200);
  return body.token;
}

/** A paid order for a relief map (ride.gpx) and a lithophane (garden.jpg), dispatched now. */
async function dispatchedOrder(): Promise<{ orderId: string; gpxToken: string; imageToken: string }> {
  const gpxToken = await upload("gpx", "map", new File([ROUTE], "ride.gpx"));
  const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#5a7" } })
    .jpeg()
    .toBuffer();
  const imageToken = await upload("image", "lamp", new File([photo], "garden.jpg", { type: "image/jpeg" }));
  const { orderId } = await buyThroughDemoCheckout(shop, [
    { id: "map", productName: "Relief map", gpxToken },
    { id: "lamp", productName: "Lithophane", imageToken },
  ]);
  await dispatch(orderId);
  return { orderId, gpxToken, imageToken };
}

async function dispatch(orderId: string) {
  expect((await shop.call(`/api/admin/orders/${orderId}/tracking`, { method: "POST", body: SHIPMENT })).status).toBe(200);
}

const uploadFiles = () =>
  shop.db
    .query<{ token: string; stored_name: string; removed_at: string | null; details: string }, []>(
      "SELECT token, stored_name, removed_at, details FROM uploads ORDER BY kind",
    )
    .all();
const onDisk = (storedName: string) => existsSync(join(uploadsDir(shop), storedName));
const runJob = (days: number, at: Date) => removeDispatchedFiles(shop.db, shop.deps.orderStore, shop.deps.uploadStorage, days, at);
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

describe("the files of a dispatched order", () => {
  test("stay until upload_retention_days after dispatch: a day before, nothing is deleted", async () => {
    const { gpxToken, imageToken } = await dispatchedOrder();
    expect(await runJob(90, daysFromNow(89))).toEqual({ removedFiles: 0 });
    for (const row of uploadFiles()) {
      expect(row.removed_at).toBeNull();
      expect(onDisk(row.stored_name)).toBe(true);
    }
    expect((await shop.request(`/api/uploads/${gpxToken}/preview.svg`)).status).toBe(200);
    expect((await shop.request(`/api/uploads/${imageToken}/preview.jpg`)).status).toBe(200);
  });

  test("are deleted once upload_retention_days have passed: the files go, the rows say when, the route's points are emptied", async () => {
    await dispatchedOrder();
    const before = uploadFiles();
    const at = daysFromNow(90.01);
    expect(await runJob(90, at)).toEqual({ removedFiles: 2 });
    for (const row of uploadFiles()) {
      expect(row.removed_at).toBe(at.toISOString());
      expect(row.details).toBe("{}");
    }
    for (const row of before) expect(onDisk(row.stored_name)).toBe(false);
    // Once is enough: the next run finds nothing more to do.
    expect(await runJob(90, daysFromNow(91))).toEqual({ removedFiles: 0 });
  });

  test("their previews and downloads are gone with them (404), the shopper's and the owner's", async () => {
    const { orderId, gpxToken, imageToken } = await dispatchedOrder();
    await runJob(90, daysFromNow(91));
    for (const path of [
      `/api/uploads/${gpxToken}/preview.svg`,
      `/api/uploads/${gpxToken}/preview.png`,
      `/api/uploads/${imageToken}/preview.jpg`,
      `/api/orders/${orderId}/download/gpx/${gpxToken}?postalCode=${encodeURIComponent(POSTCODE)}`,
    ]) {
      expect((await shop.request(path)).status).toBe(404);
    }
    expect((await shop.call(`/api/admin/download/gpx/${gpxToken}`)).status).toBe(404);
    expect((await shop.call(`/api/admin/download/image/${imageToken}`)).status).toBe(404);
  });

  test("an order not yet dispatched keeps its files however long ago it was paid", async () => {
    const gpxToken = await upload("gpx", "map", new File([ROUTE], "ride.gpx"));
    await buyThroughDemoCheckout(shop, [{ id: "map", productName: "Relief map", gpxToken }]);
    expect(await runJob(90, daysFromNow(400))).toEqual({ removedFiles: 0 });
    expect(uploadFiles()[0]?.removed_at).toBeNull();
  });

  test("the retention counts from the latest dispatch: an order taken back to paid keeps its files", async () => {
    const { orderId } = await dispatchedOrder();
    expect((await shop.call(`/api/admin/orders/${orderId}/status`, { method: "POST", body: { status: "paid" } })).status).toBe(200);
    expect(await runJob(90, daysFromNow(200))).toEqual({ removedFiles: 0 });
  });
});

describe("what the order says about a deleted file", () => {
  test("the shopper's order answer lists it, by kind, token and name, with when it was deleted", async () => {
    const { orderId, gpxToken, imageToken } = await dispatchedOrder();
    const at = daysFromNow(91);
    await runJob(90, at);
    const { status, body } = await shop.json<{ removed_files: RemovedFile[] }>(
      `/api/orders/${orderId}?postalCode=${encodeURIComponent(POSTCODE)}`,
    );
    expect(status).toBe(200);
    expect(body.removed_files).toEqual([
      { kind: "image", ref: imageToken, name: "garden.jpg", removed_at: at.toISOString() },
      { kind: "gpx", ref: gpxToken, name: "ride.gpx", removed_at: at.toISOString() },
    ]);
  });

  test("the shopper's order page shows the line instead of a download link", async () => {
    const { orderId, gpxToken } = await dispatchedOrder();
    await runJob(90, new Date("2027-06-01T09:00:00Z"));
    const page = await shop.request(`/order/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ postalCode: POSTCODE }).toString(),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textOf(html)).toContain("ride.gpx was deleted on 1 June 2027 at 10:00, after dispatch, as our privacy notice says.");
    expect(textOf(html)).toContain("garden.jpg was deleted on 1 June 2027 at 10:00, after dispatch, as our privacy notice says.");
    expect(html).not.toContain(`/download/gpx/${gpxToken}`);
  });

  test("the owner's order answer lists it too (the order screen shows the line in place of the preview)", async () => {
    const { orderId, gpxToken } = await dispatchedOrder();
    await runJob(90, daysFromNow(91));
    const { body } = await shop.call<{ removed_files: RemovedFile[] }>(`/api/admin/orders/${orderId}`);
    expect(body.removed_files.map((file) => [file.kind, file.ref])).toContainEqual(["gpx", gpxToken]);
  });
});

describe("a quoted order's request attachments", () => {
  test("are deleted after dispatch like the order's own files, and the order and request say so", async () => {
    seedCustomRequest(shop.db);
    const storedName = await shop.deps.uploadStorage.putAttachment(new TextEncoder().encode("solid bracket\nendsolid"), "stl");
    shop.db.query("UPDATE custom_request_attachments SET stored_name = ? WHERE id = 'att-req-1'").run(storedName);
    const { id, token } = await sentQuote(shop);
    const accepted = await shop.json<{ url: string }>(`/api/quotes/${id}/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: token }),
    });
    const sessionId = sessionIdOf(accepted.body.url);
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    const orderId = (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body.orderId;
    await dispatch(orderId);

    expect(await runJob(90, daysFromNow(89))).toEqual({ removedFiles: 0 });
    expect(onDisk(storedName)).toBe(true);
    const at = daysFromNow(91);
    expect(await runJob(90, at)).toEqual({ removedFiles: 1 });
    expect(onDisk(storedName)).toBe(false);

    const order = await shop.call<{ removed_files: RemovedFile[]; custom_request: { attachments: unknown[] } }>(
      `/api/admin/orders/${orderId}`,
    );
    expect(order.body.removed_files).toEqual([
      { kind: "attachment", ref: "att-req-1", name: "Bracket v2.stl", removed_at: at.toISOString() },
    ]);
    expect(order.body.custom_request.attachments).toEqual([
      {
        id: "att-req-1",
        filename: "Bracket v2.stl",
        removed_at: at.toISOString(),
        download_url: "/api/admin/custom-requests/req-1/attachments/att-req-1/download",
      },
    ]);
    expect((await shop.call("/api/admin/custom-requests/req-1/attachments/att-req-1/download")).status).toBe(404);
    const request = await shop.call<{ attachments: unknown[] }>("/api/admin/custom-requests/req-1");
    expect(request.body.attachments).toEqual([{ id: "att-req-1", filename: "Bracket v2.stl", removed_at: at.toISOString() }]);
  });
});

describe("upload_retention_days on the Configuration page", () => {
  const MESSAGE = "Enter how long to keep customers' files after dispatch as a whole number of days from 1 to 3650.";
  const save = (value: unknown) => shop.call("/api/admin/configuration", { method: "POST", body: { key: "upload_retention_days", value } });
  const stored = () =>
    shop.db.query<{ value: string }, []>("SELECT value FROM configuration WHERE key = 'upload_retention_days'").get()?.value ?? null;

  test("is 90 days until the owner sets it", () => {
    expect(shop.deps.content.fileRetentionDays()).toBe(90);
  });

  test("a saved value is what the clean-up job uses", async () => {
    expect((await save("30")).status).toBe(200);
    expect(stored()).toBe("30");
    expect(shop.deps.content.fileRetentionDays()).toBe(30);
    await dispatchedOrder();
    expect(await runJob(shop.deps.content.fileRetentionDays(), daysFromNow(31))).toEqual({ removedFiles: 2 });
  });

  for (const [name, value] of [
    ["0 days", "0"],
    ["more than ten years", "3651"],
    ["a fraction", "1.5"],
    ["a negative number", "-7"],
    ["words", "ninety"],
    ["nothing", ""],
  ] as const) {
    test(`${name} is 400 with what to enter, and nothing is stored`, async () => {
      const { status, body } = await save(value);
      expect({ status, body }).toEqual({ status: 400, body: { error: MESSAGE } });
      expect(stored()).toBeNull();
    });
  }
});
