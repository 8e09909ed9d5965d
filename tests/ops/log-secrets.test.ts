import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { demoPayRequest } from "../support/checkout";
import { waitUntil } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase, type ShopProcess, startCheckout } from "./support/shop-process";

const ADMIN_PASSWORD = "Owner-Passw0rd-never-logged";
const WRONG_PASSWORD = "Wrong-Passw0rd-never-logged";
const QUERY_SECRET = "QuerySecretValue12345";

const scratch = createScratch();
let shop: ShopProcess;
/** Every secret the requests below carry, in path, query, body or cookie. */
const secrets: Record<string, string> = { ADMIN_PASSWORD, WRONG_PASSWORD, QUERY_SECRET };
const requestIds: string[] = [];

beforeAll(async () => {
  const dataDir = scratch.tempDir();
  prepareShopDatabase(dataDir);
  shop = await scratch.startShop({ dataDir, env: { ADMIN_PASSWORD } });
});

afterAll(() => scratch.cleanUp());

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${shop.origin}${path}`, { redirect: "manual", ...init });
  const id = response.headers.get("x-request-id");
  if (id) requestIds.push(id);
  await response.arrayBuffer();
  return response;
}

function logLines(): Record<string, unknown>[] {
  return shop
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("the log of a running shop", () => {
  test("holds no admin password, session id, cookie, upload token or query string", async () => {
    const json = { "Content-Type": "application/json" };
    expect(
      (await call("/api/admin/login", { method: "POST", headers: json, body: JSON.stringify({ password: WRONG_PASSWORD }) })).status,
    ).toBe(401);
    const login = await call("/api/admin/login", { method: "POST", headers: json, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    secrets.SESSION_COOKIE = cookie.split("=")[1] ?? "";
    expect(secrets.SESSION_COOKIE.length).toBeGreaterThan(20);

    const admin = { Cookie: cookie, "Sec-Fetch-Site": "same-origin" };
    expect((await call("/api/admin/session", { headers: admin })).status).toBe(200);
    expect((await call("/api/admin/orders", { headers: admin })).status).toBe(200);

    const paymentSession = await startCheckout(shop.origin);
    secrets.PAYMENT_SESSION = paymentSession;
    expect((await call(`/checkout/demo/${paymentSession}`)).status).toBe(200);
    expect((await call(`/checkout/demo/${paymentSession}/pay`, demoPayRequest())).status).toBe(303);
    await call(`/success?session_id=${paymentSession}&note=${QUERY_SECRET}`);

    const uploadToken = randomBytes(32).toString("base64url");
    const hexToken = randomBytes(16).toString("hex");
    secrets.UPLOAD_TOKEN = uploadToken;
    secrets.HEX_TOKEN = hexToken;
    await call(`/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/gpx/${uploadToken}?postalCode=${QUERY_SECRET}`);
    await call(`/api/uploads/${uploadToken}/preview.svg`);
    await call(`/api/admin/download/image/${uploadToken}`, { headers: admin });
    await call(`/no-such-page/${hexToken}`);

    // Each request's line is written once it is answered; wait until the last of them has reached us.
    await waitUntil(
      () => requestIds.every((id) => shop.output().includes(`"requestId":"${id}"`)),
      10_000,
      "a log line for every request made",
    );
    const output = shop.output();
    for (const [name, value] of Object.entries(secrets)) {
      expect({ name, found: output.includes(value) }).toEqual({ name, found: false });
    }
    expect(logLines().filter((line) => line.msg === "request" && String(line.path).includes("?"))).toEqual([]);
    // The path is still there for the owner, with the secret replaced.
    expect(output).toContain('"path":"/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS/download/gpx/:redacted"');
    expect(output).toContain('"path":"/checkout/demo/:redacted/pay"');
  });

  test("is one JSON line per request, with method, path, status, duration and the X-Request-Id sent back", () => {
    const lines = logLines(); // every line parses as JSON
    const requests = lines.filter((line) => line.msg === "request");
    for (const id of requestIds) {
      const matching = requests.filter((line) => line.requestId === id);
      expect(matching).toHaveLength(1);
      const [line] = matching;
      expect(typeof line?.method).toBe("string");
      expect(line?.path).toStartWith("/");
      expect(typeof line?.status).toBe("number");
      expect(typeof line?.durationMs).toBe("number");
    }
  });

  test("a request body over 32 MB is refused with 413 before any handler reads it", async () => {
    const response = await fetch(`${shop.origin}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: new Uint8Array(33 * 1024 * 1024),
    }).catch((error: unknown) => error);
    // Bun answers 413 itself (or closes the connection while the body is still coming).
    if (response instanceof Response) expect(response.status).toBe(413);
    else expect(String(response)).toMatch(/ECONNRESET|closed|socket/i);
    expect((await fetch(`${shop.origin}/healthz`)).status).toBe(200);
  });
});
