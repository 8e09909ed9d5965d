import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults, type RunOptions } from "axe-core";

/**
 * axe-core's own `run`, in the screen's document, its source put in once per document. `@axe-core/playwright`
 * put the source in twice a check and then opened a blank page to put it in a third time and join the results
 * there (its way of reaching frames on other origins); that blank page was most of each check's time
 * (docs/decisions/0045-accessibility-checks-in-the-page-and-a-watched-chip.md). The shop's screens have no frames, and a screen that gains
 * one fails here rather than going unchecked inside it.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  expect(
    page.frames().map((frame) => frame.url()),
    "axe here checks the screen's own document; a frame needs a check of its own",
  ).toHaveLength(1);
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!present) await page.evaluate(axe.source);
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), options);
}

/** axe-core over the screen as it is now: a serious or critical violation fails the story with the rule, its help and the elements found. */
export async function expectNoSeriousViolations(page: Page, screen: string, { onlyRules = [] as string[] } = {}): Promise<void> {
  const options: RunOptions = onlyRules.length > 0 ? { runOnly: { type: "rule", values: onlyRules } } : {};
  const { violations } = await runAxe(page, options);
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
  expect(serious, `axe on ${screen}`).toEqual([]);
}
