import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { type createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import sharp from "sharp";
import { cleanUploads } from "../../src/jobs/clean-uploads";
import { ADDRESS_BUDGET_BYTES } from "../../src/modules/uploads/upload-budget";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct, RELIEF_MAP } from "../support/factories";
import { filesInUploads, putInUploads, uploadsDir } from "../support/uploads-folder";
import { HANG_GUARD_MS } from "../support/wait-until";

// Every shopper's file takes one path (docs/decisions/0013-one-place-each.md).
// One reader, one file name rule, one durable writer, one storage under
// $DATA_DIR/uploads (which the clean-up job and the upload budget see whole),
// one download response. These tests follow a GPX route, a photo and a custom
// request attachment through the real app and check that they are treated
// alike.

const DAY_MS = 24 * 60 * 60_000;
const RETENTION_DAYS = 14;
const PHOTO_PRODUCT = { id: "lithophane", name: "Lithophane", requires_image: true };
/** What app.handle's requests count as: no socket, so no address. */
const ADDRESS = "unknown";

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, RELIEF_MAP);
  addProduct(shop.db, PHOTO_PRODUCT);
});
afterEach(() => shop.close());

// ---- sending files the way the storefront does ------------------------------

const jpeg = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
const PDF_BYTES = new TextEncoder().encode(`%PDF-1.4\n${"% padding\n".repeat(200)}%%EOF\n`);
const gpx = (points: number) =>
  `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${Array.from(
    { length: points },
    (_, i) => `<trkpt lat="${51 + i / 1000}" lon="-1"><ele>${i}</ele></trkpt>`,
  ).join("")}</trkseg></trk></gpx>`;

/** The ALTCHA widget's work: a challenge from the shop, solved. */
async function captchaToken(): Promise<string> {
  const challenge = (await (await shop.request("/api/captcha/challenge")).json()) as Awaited<ReturnType<typeof createChallenge>>;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: HANG_GUARD_MS });
  if (!solution) throw new Error("could not solve the challenge");
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

async function sendCustomRequest(files: File[]) {
  const form = new FormData();
  form.append("name", "Ada Lovelace");
  form.append("email", "ada@example.com");
  form.append("details", "A bracket for my shelf.");
  form.append("captchaToken", await captchaToken());
  for (const file of files) form.append("attachments", file);
  return shop.json<{ id?: string; error?: string }>("/api/custom-request", { method: "POST", body: form });
}

async function uploadFile(path: string, field: string, productId: string, file: File) {
  const form = new FormData();
  form.append("productId", productId);
  form.append(field, file);
  return shop.json<{ token?: string; name?: string; error?: string }>(path, { method: "POST", body: form });
}

// ---- what is stored ----------------------------------------------------------

type AttachmentRow = { id: string; request_id: string; filename: string; stored_name: string };
const attachmentsOf = (requestId: string) =>
  shop.db
    .query<AttachmentRow, [string]>("SELECT id, request_id, filename, stored_name FROM custom_request_attachments WHERE request_id = ?")
    .all(requestId);
const uploadRow = (token: string) =>
  shop.db
    .query<{ original_name: string; stored_name: string }, [string]>("SELECT original_name, stored_name FROM uploads WHERE token = ?")
    .get(token);
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
const ageFile = (name: string, days: number) => {
  const when = new Date(Date.now() - days * DAY_MS);
  utimesSync(join(uploadsDir(shop), name), when, when);
};

function adminDownload(path: string) {
  return shop.request(path, { headers: { Cookie: shop.cookie } });
}

/** The headers the one download response (src/http/download-response.ts) sets. */
function downloadHeaders(response: Response) {
  const pick = (name: string) => response.headers.get(name);
  return {
    disposition: pick("content-disposition"),
    nosniff: pick("x-content-type-options"),
    cache: pick("cache-control"),
    type: pick("content-type"),
  };
}

// ---- tests -------------------------------------------------------------------

describe("one file name rule for uploads and attachments", () => {
  // A path, a right-to-left override and doubled dots: everything the rule removes.
  const AWKWARD = "C:\\fakepath\\..\u202eme..at..the..coast.jpg";

  test("a photo upload and a custom request attachment sent under the same name are stored under the same name", async () => {
    const photo = await jpeg();
    const upload = await uploadFile("/api/image/upload", "image", PHOTO_PRODUCT.id, new File([photo], AWKWARD, { type: "image/jpeg" }));
    expect(upload.status).toBe(200);
    const request = await sendCustomRequest([new File([photo], AWKWARD, { type: "image/jpeg" })]);
    expect(request.status).toBe(201);

    expect(uploadRow(upload.body.token!)?.original_name).toBe("me.at.the.coast.jpg");
    expect(attachmentsOf(request.body.id!).map((row) => row.filename)).toEqual(["me.at.the.coast.jpg"]);
  });

  test("the download of an attachment carries the same headers as the download of an upload", async () => {
    const photo = await jpeg();
    const upload = await uploadFile("/api/image/upload", "image", PHOTO_PRODUCT.id, new File([photo], AWKWARD, { type: "image/jpeg" }));
    const request = await sendCustomRequest([new File([photo], AWKWARD, { type: "image/jpeg" })]);
    const [attachment] = attachmentsOf(request.body.id!);

    const uploadDownload = await adminDownload(`/api/admin/download/image/${upload.body.token}`);
    const attachmentDownload = await adminDownload(`/api/admin/custom-requests/${request.body.id}/attachments/${attachment!.id}/download`);
    expect(uploadDownload.status).toBe(200);
    expect(attachmentDownload.status).toBe(200);
    const expected = {
      disposition: `attachment; filename="me.at.the.coast.jpg"; filename*=UTF-8''me.at.the.coast.jpg`,
      nosniff: "nosniff",
      cache: "private, no-store",
      type: "image/jpeg",
    };
    expect(downloadHeaders(attachmentDownload)).toEqual(expected);
    expect(downloadHeaders(uploadDownload)).toEqual(expected);
    expect(new Uint8Array(await attachmentDownload.arrayBuffer())).toEqual(new Uint8Array(photo));
  });

  test("an attachment stored under an older rule still downloads, its name sent through the rule", async () => {
    // As a shop that upgrades has it: the sender's name kept with its doubled dots and a direction override.
    const request = await sendCustomRequest([new File([PDF_BYTES], "plan.pdf", { type: "application/pdf" })]);
    const [attachment] = attachmentsOf(request.body.id!);
    shop.db.query("UPDATE custom_request_attachments SET filename = ? WHERE id = ?").run("..\u202eevil..plan.pdf", attachment!.id);

    const response = await adminDownload(`/api/admin/custom-requests/${request.body.id}/attachments/${attachment!.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="evil.plan.pdf"; filename*=UTF-8''evil.plan.pdf`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF_BYTES);
  });
});

describe("custom request attachments live in the upload storage", () => {
  test("an attachment whose custom request was deleted is removed by the upload clean-up", async () => {
    const request = await sendCustomRequest([new File([PDF_BYTES], "plan.pdf", { type: "application/pdf" })]);
    expect(request.status).toBe(201);
    const [attachment] = attachmentsOf(request.body.id!);
    expect(filesInUploads(shop)).toEqual([attachment!.stored_name]);

    shop.db.query("DELETE FROM custom_requests WHERE id = ?").run(request.body.id!);
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, RETENTION_DAYS, daysFromNow(2))).toEqual({ expired: 0, orphans: 1 });
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("an attachment a request never completed (its file written, its row never) is removed by the clean-up once a day old", async () => {
    // What submit does before its transaction; a crash there leaves exactly this.
    const storedName = await shop.deps.uploadStorage.putAttachment(PDF_BYTES, "pdf");
    expect(storedName).toMatch(/^r_[0-9a-f]{32}\.pdf$/);
    // Younger than a day it may be a request still being recorded: left alone.
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, RETENTION_DAYS, new Date())).toEqual({ expired: 0, orphans: 0 });
    expect(filesInUploads(shop)).toEqual([storedName]);

    ageFile(storedName, 2);
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, RETENTION_DAYS, new Date())).toEqual({ expired: 0, orphans: 1 });
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("a half-written attachment left by the old custom request code is removed by the clean-up", async () => {
    const leftover = `.r_${randomBytes(16).toString("hex")}.part`;
    putInUploads(shop, leftover, "half a file");
    ageFile(leftover, 2);
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, RETENTION_DAYS, new Date())).toEqual({ expired: 0, orphans: 1 });
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("the attachments of a request the owner keeps stay, however old", async () => {
    const request = await sendCustomRequest([new File([PDF_BYTES], "plan.pdf", { type: "application/pdf" })]);
    const [attachment] = attachmentsOf(request.body.id!);
    ageFile(attachment!.stored_name, 400);
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, RETENTION_DAYS, daysFromNow(400))).toEqual({ expired: 0, orphans: 0 });
    expect(filesInUploads(shop)).toEqual([attachment!.stored_name]);
    expect(attachmentsOf(request.body.id!)).toHaveLength(1);
  });

  test("a custom request's attachments count in the sender's upload budget: a GPX upload after them is refused", async () => {
    const route = new TextEncoder().encode(gpx(20));
    // Room left for the attachment, but not for the attachment and the route together.
    const room = PDF_BYTES.byteLength + Math.floor(route.byteLength / 2);
    shop.db
      .query(
        `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, address_hash)
         VALUES (?, 'gpx', 'map', 'big.gpx', ?, 'application/gpx+xml', ?, ?)`,
      )
      .run(
        randomBytes(32).toString("base64url"),
        `u_${randomBytes(16).toString("hex")}.gpx`,
        ADDRESS_BUDGET_BYTES - room,
        shop.deps.uploadBudget.hashAddress(ADDRESS),
      );
    // The route alone would fit.
    expect(route.byteLength).toBeLessThan(room);

    expect((await sendCustomRequest([new File([PDF_BYTES], "plan.pdf", { type: "application/pdf" })])).status).toBe(201);
    const before = filesInUploads(shop);
    const refused = await uploadFile("/api/gpx/upload", "gpx", RELIEF_MAP.id, new File([route], "ride.gpx"));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        error:
          "You have already sent us 100 MB of files that are not part of an order. Check out what is in your basket, or try again in a few hours.",
      },
    });
    expect(refused.response.headers.get("retry-after")).toBe("3600");
    expect(filesInUploads(shop)).toEqual(before);
    expect(shop.db.query("SELECT COUNT(*) AS n FROM uploads").get()).toEqual({ n: 1 });
  });
});
