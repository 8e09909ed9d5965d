import { createHash } from "node:crypto";
import { test as base, type TestInfo } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Each story is a shopper of its own. The stories' shop trusts a proxy on its own machine
 * (`TRUST_PROXY=true` in playwright.config.ts), and every request of a story, from its pages, from the
 * contexts it opens and from `request`, says it comes from the story's own address through
 * `X-Forwarded-For`. So the per-address limits (20 checkouts in 10 minutes, 20 held units, 5 custom
 * requests in 10 minutes, uploads) bind each story as they bind one person, however many stories the
 * suite holds, and no story spends another's allowance. The address is fixed by the story's id, so a
 * story asks from the same address every time it runs.
 */
function storyAddress(testInfo: TestInfo): string {
  const [a, b, c] = createHash("sha256").update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
  return `10.${a}.${b}.${((c ?? 0) % 254) + 1}`;
}

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": storyAddress(testInfo) });
  },
});
