import { describe, expect, test } from "bun:test";
import type { BasketItem } from "../../shared/basket";
import { checkoutBody, checkoutEntries, checkoutKeyFor, KEY_MAX_AGE_MS, randomUuid } from "../../web/lib/checkout-client";

function line(id: string, quantity: number, meta: BasketItem["meta"] = {}): BasketItem {
  return { key: `${id}|${meta.variantId ?? ""}`, id, name: id, price: 12, quantity, noStack: false, meta };
}

/** Hands out key-1, key-2, … so a test can tell a reused key from a new one. */
function keyMaker() {
  let made = 0;
  return () => `key-${++made}`;
}

const NOW = 1_750_000_000_000;

describe("checkoutKeyFor: one Idempotency-Key per basket content", () => {
  test("the first checkout of a basket gets a new key", () => {
    const first = checkoutKeyFor(checkoutEntries([line("planter", 2)]), null, NOW, keyMaker());
    expect(first.key).toBe("key-1");
  });

  test("a double click or retry of the same basket sends the same key", () => {
    const newKey = keyMaker();
    const basket = checkoutEntries([line("planter", 2), line("relief-map", 1, { gpxToken: "gpx-a" })]);
    const first = checkoutKeyFor(basket, null, NOW, newKey);
    const second = checkoutKeyFor(basket, first, NOW + 400, newKey);
    const retry = checkoutKeyFor(
      checkoutEntries([line("planter", 2), line("relief-map", 1, { gpxToken: "gpx-a" })]),
      second,
      NOW + 60_000,
      newKey,
    );
    expect([second.key, retry.key]).toEqual(["key-1", "key-1"]);
  });

  test("the same lines with another gift note, sender or discount code get a new key; no gift is none", () => {
    const newKey = keyMaker();
    const lines = checkoutEntries([line("planter", 1)]);
    const forTom = { message: "For Tom", from: null };
    const forSam = { message: "For Sam", from: null };
    const first = checkoutKeyFor(checkoutBody(lines, { gift: forTom }), null, NOW, newKey);
    const otherMessage = checkoutKeyFor(checkoutBody(lines, { gift: forSam }), first, NOW, newKey);
    const otherSender = checkoutKeyFor(checkoutBody(lines, { gift: { ...forSam, from: "Ada" } }), otherMessage, NOW, newKey);
    const withCode = checkoutKeyFor(
      checkoutBody(lines, { gift: { ...forSam, from: "Ada" }, discountCode: "SAVE10" }),
      otherSender,
      NOW,
      newKey,
    );
    expect([first.key, otherMessage.key, otherSender.key, withCode.key]).toEqual(["key-1", "key-2", "key-3", "key-4"]);
    const bare = checkoutKeyFor(checkoutBody(lines, {}), null, NOW, newKey);
    expect(checkoutKeyFor(checkoutBody(lines, { gift: null }), bare, NOW, newKey).key).toBe(bare.key);
  });

  test("a changed quantity gets a new key", () => {
    const newKey = keyMaker();
    const first = checkoutKeyFor(checkoutEntries([line("planter", 2)]), null, NOW, newKey);
    expect(checkoutKeyFor(checkoutEntries([line("planter", 3)]), first, NOW + 1000, newKey).key).toBe("key-2");
  });

  test("a different variant or upload gets a new key", () => {
    const newKey = keyMaker();
    const first = checkoutKeyFor(checkoutEntries([line("planter", 1, { variantId: "planter-small" })]), null, NOW, newKey);
    const otherVariant = checkoutKeyFor(checkoutEntries([line("planter", 1, { variantId: "planter-large" })]), first, NOW, newKey);
    const otherUpload = checkoutKeyFor(
      checkoutEntries([line("planter", 1, { variantId: "planter-large", imageToken: "img-b" })]),
      otherVariant,
      NOW,
      newKey,
    );
    expect([first.key, otherVariant.key, otherUpload.key]).toEqual(["key-1", "key-2", "key-3"]);
  });

  test("going back to an earlier basket after changing it gets a new key, not the old one", () => {
    const newKey = keyMaker();
    const a = checkoutKeyFor(checkoutEntries([line("planter", 1)]), null, NOW, newKey);
    const b = checkoutKeyFor(checkoutEntries([line("planter", 2)]), a, NOW, newKey);
    expect(checkoutKeyFor(checkoutEntries([line("planter", 1)]), b, NOW, newKey).key).toBe("key-3");
  });

  test("the same basket after KEY_MAX_AGE_MS gets a new key", () => {
    const newKey = keyMaker();
    const basket = checkoutEntries([line("planter", 1)]);
    const first = checkoutKeyFor(basket, null, NOW, newKey);
    expect(checkoutKeyFor(basket, first, NOW + KEY_MAX_AGE_MS - 1, newKey).key).toBe("key-1");
    expect(checkoutKeyFor(basket, first, NOW + KEY_MAX_AGE_MS, newKey).key).toBe("key-2");
  });

  test("the default key is a random v4 UUID", () => {
    const { key } = checkoutKeyFor(checkoutEntries([line("planter", 1)]), null, NOW);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(randomUuid());
  });

  test("without crypto.randomUUID (a shop served on plain HTTP) the key is still a v4 UUID", () => {
    const original = Object.getOwnPropertyDescriptor(crypto, "randomUUID");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true, writable: true });
    try {
      expect(typeof crypto.randomUUID).toBe("undefined");
      const keys = [randomUuid(), randomUuid()];
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      if (original) Object.defineProperty(crypto, "randomUUID", original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe("function");
  });
});
