import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core over the screen now showing (accessibility.e2e.ts runs it over every
 * screen; other stories over the screens only they reach). A serious or critical
 * violation fails the story with the rule, the help text and the elements it found.
 */
export async function expectNoSeriousViolations(page: Page, screen: string, { onlyRules = [] as string[] } = {}): Promise<void> {
  let axe = new AxeBuilder({ page });
  if (onlyRules.length > 0) axe = axe.withRules(onlyRules);
  const { violations } = await axe.analyze();
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
