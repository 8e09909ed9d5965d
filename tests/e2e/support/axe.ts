import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core over the screen as it is now: a serious or critical violation fails the story with the rule, its help and the elements found. */
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
