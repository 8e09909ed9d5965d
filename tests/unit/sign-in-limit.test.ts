import { describe, expect, test } from "bun:test";
import { TooManyRequests } from "../../src/errors";
import { FAILING_FOR_MS, FAILING_REMEMBERED } from "../../src/modules/admin-auth/model";
import { createSignInLimit } from "../../src/modules/admin-auth/sign-in-limit";

// The owner's sign-in limits on a clock the test moves (docs/decisions/0026-limits-and-working-days.md): what the
// API tests cannot wait for.

function refusedWith(admit: () => unknown): number | null {
  try {
    admit();
    return null;
  } catch (error) {
    if (error instanceof TooManyRequests) return error.status;
    throw error;
  }
}

/** Spends the shop-wide 60 with six addresses' ten wrong passwords each. */
function spendShopWide(limit: ReturnType<typeof createSignInLimit>): void {
  for (let address = 1; address <= 6; address++) for (let i = 0; i < 10; i++) limit.admit(`198.51.100.${address}`).failed();
}

describe("the sign-in limit", () => {
  test("an address that gave a wrong password stays failing for a day, then has its password checked again", () => {
    let clock = 1_000_000;
    const limit = createSignInLimit({ now: () => clock });
    limit.admit("203.0.113.7").failed();
    clock += 60_000; // a new minute: the address's own 10 are back
    spendShopWide(limit);
    expect(refusedWith(() => limit.admit("203.0.113.7"))).toBe(429);
    clock += FAILING_FOR_MS - 60_000; // a day after its wrong password, and a fresh minute
    spendShopWide(limit);
    expect(refusedWith(() => limit.admit("203.0.113.7").failed())).toBeNull();
  });

  test("a try still being checked counts as failing: with the shop-wide limit spent a fresh address gets one check at a time", () => {
    const limit = createSignInLimit({ now: () => 1_000_000 });
    spendShopWide(limit);
    const first = limit.admit("203.0.113.8");
    expect(refusedWith(() => limit.admit("203.0.113.8"))).toBe(429);
    first.uncounted(); // the right password: the address was never failing
    expect(refusedWith(() => limit.admit("203.0.113.8").uncounted())).toBeNull();
  });

  test("the failing addresses kept are bounded: past 20,000 the longest-quiet is forgotten first", () => {
    let clock = 1_000_000;
    const limit = createSignInLimit({ now: () => clock });
    const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    for (let n = 0; n <= FAILING_REMEMBERED; n++) {
      if (n % 60 === 0) clock += 60_000; // a fresh shop-wide minute every 60 wrong passwords
      limit.admit(address(n)).failed();
    }
    clock += 60_000;
    spendShopWide(limit);
    // The first address is forgotten (so is each of the next six, pushed out by the six that spent the 60); the newest is still failing.
    expect(refusedWith(() => limit.admit(address(FAILING_REMEMBERED)))).toBe(429);
    expect(refusedWith(() => limit.admit(address(0)).failed())).toBeNull();
  });

  test("a try refused by the limit, or taken back, leaves the address's 10 whole", () => {
    const limit = createSignInLimit({ now: () => 1_000_000 });
    for (let i = 0; i < 5; i++) limit.admit("203.0.113.9").uncounted();
    for (let i = 0; i < 10; i++) limit.admit("203.0.113.9").failed();
    for (let i = 0; i < 5; i++) expect(refusedWith(() => limit.admit("203.0.113.9"))).toBe(429);
  });
});
