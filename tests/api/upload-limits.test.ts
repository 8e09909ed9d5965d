import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { createApp } from "../../src/app";
import {
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_SECONDS,
  HEAVY_WORK_PER_ADDRESS,
  HEAVY_WORK_QUEUE,
  OWN_UPLOADS_WAITING_MESSAGE,
} from "../../src/http/heavy-work";
import { memoryReleases } from "../../src/http/release-memory";
import { MIN_FREE_BYTES } from "../../src/modules/health/readiness";
import { PREVIEW_MESSAGES, PREVIEWS_PER_MINUTE } from "../../src/modules/uploads/model";
import { BUDGET_MESSAGES, createUploadBudget, UPLOAD_FREE_FLOOR_BYTES } from "../../src/modules/uploads/upload-budget";
import { ADMIN_PASSWORD, signIn } from "../support/admin";
import { addProduct } from "../support/factories";
import { listenOnLoopback } from "../support/listening";
import { countRows, createTestShop, TEST_ORIGIN, type TestShop } from "../support/test-app";
import { filesInUploads } from "../support/uploads-folder";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";

// Uploads wait for the one heavy-work slot before their bodies are read, a full
// queue is refused with 503, and what shoppers' files may take of the disk is
// capped per address, shop-wide and by free space
// (docs/decisions/0010-hardening.md).

const MB = 1024 * 1024;
/** Requests through app.handle have no socket: their address is "unknown". */
const OWN_ADDRESS = "unknown";

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { id: "map", name: "Relief map", requires_gpx: true });
});
afterEach(() => shop.close());

const RIDE = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="51" lon="-1.5"/><trkpt lat="51.01" lon="-1.5"/></trkseg></trk></gpx>`;

/** A GPX upload whose body is a stream that counts how often it was read from. */
async function countedGpxUpload(app = shop.app) {
  const form = new FormData();
  form.append("productId", "map");
  form.append("gpx", new File([RIDE], "ride.gpx"));
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type")!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const reads = { count: 0 };
  // highWaterMark 0: nothing is pulled until the shop reads the body.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reads.count += 1;
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(`${TEST_ORIGIN}/api/gpx/upload`, { method: "POST", headers: { "Content-Type": contentType }, body });
  return {
    reads,
    answer: Promise.resolve(app.answer(request)).then(async (response) => ({
      status: response.status,
      response,
      body: (await response.json()) as { token?: string; error?: string },
    })),
  };
}

/** Rows as if `address` had uploaded `bytes` that no order paid for. */
function recordUnpaid(address: string, bytes: number, { orderId = null as string | null } = {}) {
  shop.db
    .query(
      `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, address_hash, order_id)
       VALUES (?, 'gpx', 'map', 'big.gpx', ?, 'application/gpx+xml', ?, ?, ?)`,
    )
    .run(
      randomBytes(32).toString("base64url"),
      `u_${randomBytes(16).toString("hex")}.gpx`,
      bytes,
      shop.deps.uploadBudget.hashAddress(address),
      orderId,
    );
}

describe("the heavy-work slot", () => {
  test("an upload waits for the slot before its body is read, and runs once the slot is free", async () => {
    let release!: () => void;
    const holding = shop.deps.heavyWork.run(
      { request: new Request(TEST_ORIGIN) },
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const upload = await countedGpxUpload();
    await waitUntil(() => shop.deps.heavyWork.load().waiting === 1, 5_000, "one upload waiting for the heavy-work slot");
    expect(upload.reads.count).toBe(0);
    release();
    await holding;
    const { status, body } = await upload.answer;
    expect(status).toBe(200);
    expect(body.token).toBeString();
    expect(upload.reads.count).toBe(1);
  });

  test("with the queue full the next upload gets 503 with Retry-After, unread, and nothing is stored", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = shop.deps.heavyWork.run({ request: new Request(TEST_ORIGIN) }, () => released);
    // Other shoppers' uploads fill the queue, each from an address of its own.
    const queued = Array.from({ length: HEAVY_WORK_QUEUE }, (_, index) =>
      shop.deps.heavyWork.run({ request: new Request(TEST_ORIGIN), address: `198.51.100.${index + 1}` }, () => "done"),
    );
    await waitUntil(() => shop.deps.heavyWork.load().waiting === HEAVY_WORK_QUEUE, 5_000, "a full heavy-work queue");

    const refused = await countedGpxUpload();
    const { status, body, response } = await refused.answer;
    expect({ status, body }).toEqual({ status: 503, body: { error: BUSY_MESSAGE } });
    expect(BUSY_MESSAGE).toBe("The shop is busy with other uploads just now. Please try again in a moment.");
    expect(response.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(refused.reads.count).toBe(0);
    expect(countRows(shop.db, "uploads")).toBe(0);
    expect(filesInUploads(shop)).toEqual([]);

    release();
    await holding;
    expect(await Promise.all(queued)).toEqual(Array.from({ length: HEAVY_WORK_QUEUE }, () => "done"));
    // The queue is open again.
    expect((await (await countedGpxUpload()).answer).status).toBe(200);
  });

  test("one address holds at most two places in the queue: its third upload gets 429, unread, while another address still queues", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = shop.deps.heavyWork.run({ request: new Request(TEST_ORIGIN) }, () => released);
    const own = [await countedGpxUpload(), await countedGpxUpload()];
    await waitUntil(
      () => shop.deps.heavyWork.load().waiting === HEAVY_WORK_PER_ADDRESS,
      5_000,
      "one address's uploads to fill its share of the queue",
    );

    const third = await countedGpxUpload();
    const { status, body, response } = await third.answer;
    expect({ status, body }).toEqual({ status: 429, body: { error: OWN_UPLOADS_WAITING_MESSAGE } });
    expect(OWN_UPLOADS_WAITING_MESSAGE).toBe("Your other uploads are still being handled. Please wait for them to finish and try again.");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(third.reads.count).toBe(0);

    const someoneElse = shop.deps.heavyWork.run({ request: new Request(TEST_ORIGIN), address: "203.0.113.9" }, () => "queued");
    await waitUntil(
      () => shop.deps.heavyWork.load().waiting === HEAVY_WORK_PER_ADDRESS + 1,
      5_000,
      "a second address's upload to join the queue",
    );

    release();
    await holding;
    expect((await Promise.all(own.map((upload) => upload.answer))).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await someoneElse).toBe("queued");
    expect(countRows(shop.db, "uploads")).toBe(2);
    // Its places given back, the address may upload again.
    expect((await (await countedGpxUpload()).answer).status).toBe(200);
  });
});

describe("disk budgets", () => {
  test("the uploader's address is kept only as a keyed hash", async () => {
    const { body } = await (await countedGpxUpload()).answer;
    const row = shop.db.query<{ address_hash: string }, [string]>("SELECT address_hash FROM uploads WHERE token = ?").get(body.token!);
    expect(row?.address_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.address_hash).toBe(shop.deps.uploadBudget.hashAddress(OWN_ADDRESS));
    expect(row?.address_hash).not.toBe(createHash("sha256").update(OWN_ADDRESS).digest("hex"));
  });

  test("an upload past 100 MB of the address's unpaid files gets 429 with Retry-After, and nothing is stored", async () => {
    recordUnpaid(OWN_ADDRESS, 100 * MB - 100);
    const { status, body, response } = await (await countedGpxUpload()).answer;
    expect({ status, body }).toEqual({ status: 429, body: { error: BUDGET_MESSAGES.address } });
    expect(BUDGET_MESSAGES.address).toBe(
      "You have already sent us 100 MB of files that are not part of an order. Check out what is in your basket, or try again in a few hours.",
    );
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(countRows(shop.db, "uploads")).toBe(1);
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("an address already over its budget is refused before its body is read", async () => {
    recordUnpaid(OWN_ADDRESS, 100 * MB + 1);
    const upload = await countedGpxUpload();
    const { status, body } = await upload.answer;
    expect({ status, body }).toEqual({ status: 429, body: { error: BUDGET_MESSAGES.address } });
    expect(upload.reads.count).toBe(0);
    expect(countRows(shop.db, "uploads")).toBe(1);
  });

  test("another address's unpaid files, and files in an order, do not count against this address", async () => {
    recordUnpaid("203.0.113.7", 100 * MB);
    shop.db
      .query(
        `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id) VALUES ('ORD-PAID', 1, 0, 1, 'demo', 'cs_demo_paid')`,
      )
      .run();
    recordUnpaid(OWN_ADDRESS, 100 * MB, { orderId: "ORD-PAID" });
    const { status } = await (await countedGpxUpload()).answer;
    expect(status).toBe(200);
  });

  test("past the shop-wide 1 GB of unpaid files every address gets 507 with Retry-After, and nothing is stored", async () => {
    for (let i = 0; i < 11; i++) recordUnpaid(`198.51.100.${i}`, 95 * MB);
    const { status, body, response } = await (await countedGpxUpload()).answer;
    expect({ status, body }).toEqual({ status: 507, body: { error: BUDGET_MESSAGES.shop } });
    expect(BUDGET_MESSAGES.shop).toBe("The shop cannot take more files just now. Please try again in a few hours.");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(countRows(shop.db, "uploads")).toBe(11);
    expect(filesInUploads(shop)).toEqual([]);
  });

  test("with under 200 MB free on the data volume uploads get 507, before /readyz's 100 MB floor is reached", async () => {
    expect(UPLOAD_FREE_FLOOR_BYTES).toBe(2 * MIN_FREE_BYTES);
    const uploadBudget = createUploadBudget({ db: shop.db, dataDir: shop.dataDir, freeBytes: () => 150 * MB });
    const app = createApp({ ...shop.deps, uploadBudget });
    const upload = await countedGpxUpload(app);
    const { status, body, response } = await upload.answer;
    expect({ status, body }).toEqual({ status: 507, body: { error: BUDGET_MESSAGES.shop } });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(upload.reads.count).toBe(0);
    expect(countRows(shop.db, "uploads")).toBe(0);
    expect(filesInUploads(shop)).toEqual([]);
  });
});

/** A token no upload has: the right shape, so only the look-up can refuse it. */
const UNKNOWN_TOKEN = "Z".repeat(43);

/** Holds the heavy-work slot, as a big upload being worked on does, until `release` is called. */
function holdHeavyWorkSlot() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holding = shop.deps.heavyWork.run({ request: new Request(TEST_ORIGIN) }, () => held);
  return {
    async done() {
      release();
      await holding;
    },
  };
}

/**
 * Asks for `path` while something holds the heavy-work slot and waits until it is either answered or waiting in
 * the slot's queue: `queued` says which, `answer` is the answer (once the slot is let go, for a queued one).
 */
async function askBesideTheSlot(path: string) {
  let answered = false;
  const answer = shop.request(path).then(async (response) => {
    const body = await response.json();
    answered = true;
    return { status: response.status, body };
  });
  await waitUntil(() => answered || shop.deps.heavyWork.load().waiting > 0, 10_000, "the preview to be answered or to join the queue");
  return { queued: !answered, answer };
}

describe("preview pictures of a token that does not exist cost nothing", () => {
  for (const picture of ["preview.png", "preview.jpg"]) {
    test(`an unknown token's ${picture} is 404 while an upload holds the heavy-work slot, answered at once, not queued`, async () => {
      const slot = holdHeavyWorkSlot();
      await waitUntil(() => shop.deps.heavyWork.load().running === 1, 5_000, "the slot to be held");
      const { queued, answer } = await askBesideTheSlot(`/api/uploads/${UNKNOWN_TOKEN}/${picture}`);
      const heldMeanwhile = shop.deps.heavyWork.load();
      await slot.done();
      expect(queued).toBe(false);
      expect(heldMeanwhile).toEqual({ running: 1, waiting: 0 });
      expect(await answer).toEqual({ status: 404, body: { error: "Upload not found." } });
    });

    test(`an unknown token's ${picture} releases no memory`, async () => {
      const before = memoryReleases();
      const response = await shop.request(`/api/uploads/${UNKNOWN_TOKEN}/${picture}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Upload not found." });
      expect(memoryReleases()).toBe(before);
    });
  }

  test("a route's preview.png is drawn in the slot and memory is released after it", async () => {
    const { body } = await (await countedGpxUpload()).answer;
    const before = memoryReleases();
    const response = await shop.request(`/api/uploads/${body.token}/preview.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(memoryReleases()).toBe(before + 1);
  });
});

describe("previews are limited per address", () => {
  test(
    "the 121st preview in a minute from one address is 429 with Retry-After while another address is served",
    async () => {
      expect(PREVIEWS_PER_MINUTE).toBe(120);
      const proxied = await createTestShop({ TRUST_PROXY: "true" });
      addProduct(proxied.db, { id: "map", name: "Relief map", requires_gpx: true });
      const { body } = await (await countedGpxUpload(proxied.app)).answer;
      const server = listenOnLoopback(proxied);
      const preview = (picture: string, address: string) =>
        server.request(`/api/uploads/${body.token}/${picture}`, { headers: { "X-Forwarded-For": address } });
      try {
        // A basket's thumbnails, a trim's redrawings and an email's picture: route and photo previews count together.
        for (let i = 0; i < PREVIEWS_PER_MINUTE; i++) expect((await preview("preview.svg?size=thumb", "198.51.100.20")).status).toBe(200);
        const refused = await preview("preview.png", "198.51.100.20");
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ error: PREVIEW_MESSAGES.tooManyPreviews });
        expect(PREVIEW_MESSAGES.tooManyPreviews).toBe("Too many preview pictures asked for. Please wait a minute and try again.");
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await preview("preview.jpg", "198.51.100.20")).status).toBe(429);

        const someoneElse = await preview("preview.png", "203.0.113.21");
        expect(someoneElse.status).toBe(200);
        expect(someoneElse.headers.get("content-type")).toBe("image/png");
      } finally {
        await server.stop();
        proxied.close();
      }
    },
    HANG_GUARD_MS,
  );

  test(
    "the owner's signed-in browser is not held to it: a print of 150 packing slips shows every route picture",
    async () => {
      const owned = await createTestShop({ ADMIN_PASSWORD });
      addProduct(owned.db, { id: "map", name: "Relief map", requires_gpx: true });
      try {
        const { body } = await (await countedGpxUpload(owned.app)).answer;
        const cookie = await signIn(owned);
        const statuses = new Set<number>();
        for (let i = 0; i < 150; i++) {
          statuses.add((await owned.request(`/api/uploads/${body.token}/preview.svg`, { headers: { Cookie: cookie } })).status);
        }
        expect([...statuses]).toEqual([200]);
        // The same address without the owner's session is a shopper, held to the 120.
        for (let i = 0; i < PREVIEWS_PER_MINUTE; i++)
          expect((await owned.request(`/api/uploads/${body.token}/preview.svg`)).status).toBe(200);
        expect((await owned.request(`/api/uploads/${body.token}/preview.svg`)).status).toBe(429);
      } finally {
        owned.close();
      }
    },
    HANG_GUARD_MS,
  );
});
