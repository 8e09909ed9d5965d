import { afterEach, describe, expect, test } from "bun:test";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type ListeningShop, listenOnLoopback } from "../support/listening";
import { createTestShop, type TestShop } from "../support/test-app";
import { HANG_GUARD_MS } from "../support/wait-until";

// X-Forwarded-For is believed only from the proxy TRUST_PROXY names, over a
// real socket (the test connects from 127.0.0.1). The attack replayed: one
// client guessing an order's postcode with a new forged address each time,
// to reach its name and delivery address.

const POSTCODE = "SW1Y%204JH";
const TOO_MANY = { error: "Too many attempts. Please wait a minute and try again." };

let shop: TestShop;
let server: ListeningShop;

async function shopWithOrder(trustProxy: string): Promise<string> {
  shop = await createTestShop({ TRUST_PROXY: trustProxy });
  addProduct(shop.db, BIRD_FEEDER);
  const { orderId } = await buyThroughDemoCheckout(shop, units(1, { id: BIRD_FEEDER.id, productName: BIRD_FEEDER.name }));
  server = listenOnLoopback(shop);
  return orderId;
}

afterEach(async () => {
  await server.stop();
  shop.close();
});

const lookUp = (orderId: string, postcode: string, forwardedFor: string) =>
  server.request(`/api/orders/${orderId}?postalCode=${postcode}`, { headers: { "X-Forwarded-For": forwardedFor } });

describe("a client that is not the named proxy cannot choose its address", () => {
  test(
    "TRUST_PROXY=172.17.0.1, a direct client from 127.0.0.1: a new forged X-Forwarded-For per guess still meets the limit, and the 11th try (the right postcode) answers 429",
    async () => {
      const orderId = await shopWithOrder("172.17.0.1");
      for (let i = 0; i < 10; i++) expect((await lookUp(orderId, `AB${i}%201CD`, `198.51.100.${i + 1}`)).status).toBe(404);
      const eleventh = await lookUp(orderId, POSTCODE, "203.0.113.200");
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await eleventh.json()).toEqual(TOO_MANY);
    },
    HANG_GUARD_MS,
  );
});

describe("the named proxy is believed", () => {
  test(
    "TRUST_PROXY=127.0.0.1 (the proxy on loopback): each shopper's forwarded address has its own look-up count",
    async () => {
      const orderId = await shopWithOrder("127.0.0.1");
      for (let i = 0; i < 10; i++) expect((await lookUp(orderId, `AB${i}%201CD`, "198.51.100.7")).status).toBe(404);
      expect((await lookUp(orderId, POSTCODE, "198.51.100.7")).status).toBe(429);
      const otherShopper = await lookUp(orderId, POSTCODE, "203.0.113.8");
      expect(otherShopper.status).toBe(200);
      expect(((await otherShopper.json()) as { id: string }).id).toBe(orderId);
    },
    HANG_GUARD_MS,
  );
});
