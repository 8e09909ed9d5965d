import { describe, expect, test } from "bun:test";
import { waitUntil } from "../support/wait-until";

// The one wait the bun tests use (docs/decisions/0011-tests-wait-on-conditions.md): it must be able to fail, or a test built on it cannot.
describe("waitUntil", () => {
  test("fails with what it waited for once the deadline passes and the condition never came true", async () => {
    let asked = 0;
    const never = () => {
      asked += 1;
      return false;
    };
    await expect(waitUntil(never, 50, "a thing that never happens")).rejects.toThrow(
      "Timed out after 50 ms waiting for a thing that never happens",
    );
    expect(asked).toBeGreaterThan(1); // it asked again, not once
  });

  test("fails the same way for an async condition that never comes true", async () => {
    await expect(waitUntil(async () => false, 50, "an async thing")).rejects.toThrow("Timed out after 50 ms waiting for an async thing");
  });

  test("resolves as soon as the condition comes true", async () => {
    let asked = 0;
    await waitUntil(() => ++asked === 3, 5_000, "the third ask");
    expect(asked).toBe(3);
    await waitUntil(async () => true, 5_000, "an async yes");
  });

  test("passes on an error the condition throws instead of waiting on", async () => {
    await expect(
      waitUntil(
        () => {
          throw new Error("no such row");
        },
        5_000,
        "a row",
      ),
    ).rejects.toThrow("no such row");
  });
});
