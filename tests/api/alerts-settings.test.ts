import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { alertStore } from "../../src/modules/alerts/store";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { type PushServiceStandIn, startPushServiceStandIn } from "../support/push-service-stand-in";
import { countRows } from "../support/test-app";

// The owner's alert settings and devices: GET/PUT /api/admin/notifications, POST/DELETE /api/admin/push/subscriptions.

type Settings = {
  events: Record<string, boolean>;
  digest_time: string;
  ntfy_url: string | null;
  ntfy_token_set: boolean;
  vapid_public_key: string;
  devices: { id: number; label: string; created_at: string; last_ok_at: string | null }[];
};

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
let shop: OwnerShop;
let push: PushServiceStandIn;

beforeEach(async () => {
  shop = await createOwnerShop();
  push = await startPushServiceStandIn();
});
afterEach(async () => {
  await push.stop();
  shop.close();
});

const storedSettings = () => shop.db.query("SELECT events, digest_time, ntfy_url, ntfy_token FROM alert_settings").get();
const put = (body: unknown) => shop.call<Settings & { error?: string }>("/api/admin/notifications", { method: "PUT", body });
const subscribe = (body: unknown, headers: Record<string, string> = {}) =>
  shop.call<{ id: number; error?: string }>("/api/admin/push/subscriptions", { method: "POST", body, headers });

describe("the settings", () => {
  test("a new shop has every alert on, the digest at 07:30, no ntfy topic, no devices and a VAPID public key", async () => {
    const { status, body } = await shop.call<Settings>("/api/admin/notifications");
    expect(status).toBe(200);
    expect(body).toEqual({
      events: {
        order_paid: true,
        quote_accepted: true,
        quote_changes: true,
        quote_declined: true,
        refund_due: true,
        email_failed: true,
        not_ready: true,
        backup_failed: true,
        digest: true,
      },
      digest_time: "07:30",
      ntfy_url: null,
      ntfy_token_set: false,
      vapid_public_key: expect.any(String),
      devices: [],
    });
    // An uncompressed P-256 point, what a browser's PushManager.subscribe takes as applicationServerKey.
    const key = Buffer.from(body.vapid_public_key, "base64url");
    expect([key.length, key[0]]).toEqual([65, 4]);
  });

  test("the VAPID keys are made once and kept: a restarted shop hands out the same public key", async () => {
    const first = (await shop.call<Settings>("/api/admin/notifications")).body.vapid_public_key;
    const afterRestart = alertStore(shop.db, shop.env).view().vapid_public_key;
    expect(afterRestart).toBe(first);
  });

  test("VAPID keys set in the environment are used and none are written to the database", async () => {
    const other = await createOwnerShop({
      VAPID_PUBLIC_KEY: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
      VAPID_PRIVATE_KEY: "UUxI4O8-FbRouAevSmBQ6o18hgE4nSG3qwvJTfKc-ls",
    });
    try {
      expect((await other.call<Settings>("/api/admin/notifications")).body.vapid_public_key).toBe(
        "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
      );
      expect(other.db.query("SELECT vapid_public_key, vapid_private_key FROM alert_settings").get()).toEqual({
        vapid_public_key: null,
        vapid_private_key: null,
      });
    } finally {
      other.close();
    }
  });

  test("PUT saves the switches, digest time and ntfy topic; a field left out keeps its value; the token is never shown", async () => {
    const saved = await put({
      events: { quote_declined: false },
      digest_time: "06:45",
      ntfy_url: "https://ntfy.sh/strata-owner",
      ntfy_token: "tk_abc123",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ digest_time: "06:45", ntfy_url: "https://ntfy.sh/strata-owner", ntfy_token_set: true });
    expect(saved.body.events.quote_declined).toBe(false);
    expect(JSON.stringify(saved.body)).not.toContain("tk_abc123");

    const again = await put({ events: { digest: false } });
    expect(again.body).toMatchObject({ digest_time: "06:45", ntfy_url: "https://ntfy.sh/strata-owner", ntfy_token_set: true });
    expect(again.body.events).toMatchObject({ quote_declined: false, digest: false, order_paid: true });

    const cleared = await put({ ntfy_url: "", ntfy_token: null });
    expect(cleared.body).toMatchObject({ ntfy_url: null, ntfy_token_set: false });
  });

  test("an http ntfy address on this computer is accepted outside production (a local ntfy)", async () => {
    const saved = await put({ ntfy_url: "http://127.0.0.1:8090/strata" });
    expect(saved.status).toBe(200);
    expect(saved.body.ntfy_url).toBe("http://127.0.0.1:8090/strata");
  });
});

describe("bad settings are refused and nothing is stored", () => {
  const refusals: [string, unknown, string][] = [
    [
      "events that are not an object",
      { events: ["order_paid"] },
      "events must be an object of on/off switches, each one of order_paid, quote_accepted, quote_changes, quote_declined, refund_due, email_failed, not_ready, backup_failed, digest, set to true or false.",
    ],
    [
      "a switch that is not true or false",
      { events: { order_paid: "off" } },
      "events must be an object of on/off switches, each one of order_paid, quote_accepted, quote_changes, quote_declined, refund_due, email_failed, not_ready, backup_failed, digest, set to true or false.",
    ],
    [
      "an alert that does not exist",
      { events: { order_shipped: false } },
      'There is no alert called "order_shipped": use one of order_paid, quote_accepted, quote_changes, quote_declined, refund_due, email_failed, not_ready, backup_failed, digest.',
    ],
    [
      "a digest time without its leading zero",
      { digest_time: "7:30" },
      'digest_time must be a time of day written HH:MM in UK time, such as "07:30".',
    ],
    [
      "a digest time past the day's end",
      { digest_time: "24:00" },
      'digest_time must be a time of day written HH:MM in UK time, such as "07:30".',
    ],
    [
      "a digest time that is a number",
      { digest_time: 730 },
      'digest_time must be a time of day written HH:MM in UK time, such as "07:30".',
    ],
    [
      "an ntfy address that is not a web address",
      { ntfy_url: "ntfy.sh/strata" },
      "ntfy_url must be an https:// address of an ntfy topic, such as https://ntfy.sh/your-topic (outside production an http:// address on this computer (localhost) is accepted).",
    ],
    [
      "an http ntfy address on another computer",
      { ntfy_url: "http://ntfy.example.com/strata" },
      "ntfy_url must be an https:// address of an ntfy topic, such as https://ntfy.sh/your-topic (outside production an http:// address on this computer (localhost) is accepted).",
    ],
    [
      "an ntfy address with a password in it",
      { ntfy_url: "https://owner:secret@ntfy.sh/strata" },
      "ntfy_url must be an https:// address of an ntfy topic, such as https://ntfy.sh/your-topic (outside production an http:// address on this computer (localhost) is accepted).",
    ],
    [
      "an ntfy token with spaces",
      { ntfy_token: "tk abc" },
      "ntfy_token must be the access token ntfy gave you (letters, digits, - and _ only, at most 200 characters), or null for none.",
    ],
    [
      "a field that is not a setting",
      { digest_time: "08:00", quiet_hours: true },
      '"quiet_hours" is not an alert setting: send events, digest_time, ntfy_url or ntfy_token.',
    ],
    ["a body that is not an object", ["07:30"], "Send the alert settings as a JSON object: events, digest_time, ntfy_url, ntfy_token."],
  ];
  for (const [what, body, message] of refusals) {
    test(`${what} is 400 with its message`, async () => {
      const before = storedSettings();
      const { status, body: answer } = await put(body);
      expect(status).toBe(400);
      expect(answer.error).toBe(message);
      expect(storedSettings()).toEqual(before);
    });
  }

  test("in production an http ntfy address is refused even on this computer", async () => {
    const production = await createOwnerShop({ NODE_ENV: "production", DEMO_CHECKOUT: "true" });
    try {
      const before = production.db.query("SELECT * FROM alert_settings").get();
      const { status, body } = await production.call<{ error: string }>("/api/admin/notifications", {
        method: "PUT",
        body: { ntfy_url: "http://127.0.0.1:8090/strata" },
      });
      expect(status).toBe(400);
      expect(body.error).toBe("ntfy_url must be an https:// address of an ntfy topic, such as https://ntfy.sh/your-topic.");
      expect(production.db.query("SELECT * FROM alert_settings").get()).toEqual(before);
    } finally {
      production.close();
    }
  });
});

describe("devices", () => {
  test("a subscription is stored as a device named from its browser, 201 with its id; the same browser again keeps its one row", async () => {
    const phone = push.subscribe("phone");
    const first = await subscribe({ endpoint: phone.endpoint, keys: phone.keys }, { "User-Agent": PHONE_UA });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number) });
    const again = await subscribe({ endpoint: phone.endpoint, keys: phone.keys, label: "Workshop phone" });
    expect(again.body.id).toBe(first.body.id);
    const { body } = await shop.call<Settings>("/api/admin/notifications");
    expect(body.devices).toEqual([{ id: first.body.id, label: "Workshop phone", created_at: expect.any(String), last_ok_at: null }]);
  });

  test("a device with no label given is named from its User-Agent", async () => {
    const phone = push.subscribe("phone");
    await subscribe({ endpoint: phone.endpoint, keys: phone.keys }, { "User-Agent": PHONE_UA });
    expect((await shop.call<Settings>("/api/admin/notifications")).body.devices[0]?.label).toBe("Android · Chrome");
  });

  test("DELETE removes the device; a second DELETE, or an id that is not one, is 404 with its message", async () => {
    const phone = push.subscribe("phone");
    const { body } = await subscribe({ endpoint: phone.endpoint, keys: phone.keys });
    expect((await shop.call(`/api/admin/push/subscriptions/${body.id}`, { method: "DELETE" })).status).toBe(200);
    expect(countRows(shop.db, "push_devices")).toBe(0);
    for (const id of [String(body.id), "phone", "0"]) {
      const gone = await shop.call<{ error: string }>(`/api/admin/push/subscriptions/${id}`, { method: "DELETE" });
      expect([gone.status, gone.body.error]).toEqual([404, "There is no device with that id: it may have been removed already."]);
    }
  });

  const ENDPOINT =
    "endpoint must be the https:// address the browser's push service gave (outside production an http:// address on this computer (localhost) is accepted).";
  const P256DH = "keys.p256dh must be the browser's public key: 65 bytes in base64url, as PushSubscription.toJSON() gives it.";
  const AUTH = "keys.auth must be the browser's auth secret: 16 bytes in base64url, as PushSubscription.toJSON() gives it.";
  const badSubscriptions: [string, (good: { endpoint: string; keys: { p256dh: string; auth: string } }) => unknown, string][] = [
    ["no endpoint", (good) => ({ keys: good.keys }), ENDPOINT],
    ["an endpoint that is not an address", (good) => ({ ...good, endpoint: "push-service" }), ENDPOINT],
    ["an http endpoint on another computer", (good) => ({ ...good, endpoint: "http://push.example.com/send/abc" }), ENDPOINT],
    ["a public key of the wrong length", (good) => ({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }), P256DH],
    ["a public key that is not base64url", (good) => ({ ...good, keys: { ...good.keys, p256dh: "not a key!" } }), P256DH],
    [
      "an auth secret of the wrong length",
      (good) => ({ ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString("base64url") } }),
      AUTH,
    ],
    ["no keys", (good) => ({ endpoint: good.endpoint }), P256DH],
    [
      "a label too long",
      (good) => ({ ...good, label: "x".repeat(61) }),
      "label must be a short name for this device (1 to 60 characters), or left out.",
    ],
  ];
  for (const [what, make, message] of badSubscriptions) {
    test(`a subscription with ${what} is 400 with its message and no device is stored`, async () => {
      const phone = push.subscribe("phone");
      const { status, body } = await subscribe(make({ endpoint: phone.endpoint, keys: phone.keys }));
      expect([status, body.error]).toEqual([400, message]);
      expect(countRows(shop.db, "push_devices")).toBe(0);
    });
  }

  test("in production an http push endpoint is refused even on this computer", async () => {
    const production = await createOwnerShop({ NODE_ENV: "production", DEMO_CHECKOUT: "true" });
    try {
      const phone = push.subscribe("phone");
      const { status, body } = await production.call<{ error: string }>("/api/admin/push/subscriptions", {
        method: "POST",
        body: { endpoint: phone.endpoint, keys: phone.keys },
      });
      expect([status, body.error]).toEqual([400, "endpoint must be the https:// address the browser's push service gave."]);
      expect(countRows(production.db, "push_devices")).toBe(0);
    } finally {
      production.close();
    }
  });
});

describe("the test alert", () => {
  test("with no device and no ntfy topic it is 409 with what to do, and nothing is queued", async () => {
    const { status, body } = await shop.call<{ error: string }>("/api/admin/notifications/test", { method: "POST" });
    expect([status, body.error]).toEqual([
      409,
      "There is nowhere to send a test alert yet: turn on alerts on this device or set an ntfy topic first.",
    ]);
    expect(countRows(shop.db, "email_outbox")).toBe(0);
  });
});
