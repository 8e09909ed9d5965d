import type { Locator, Page } from "@playwright/test";
import { test } from "./test";

/**
 * Pictures of a screen for a person to look at (both themes, phone and desktop). They prove nothing (the
 * assertions beside them do), so they are taken only when asked for, `STORY_SCREENSHOTS=1 npx playwright test`,
 * into each story's output folder; `bun run check` does not pay for them
 * (docs/decisions/0040-a-quick-steady-check.md).
 */
export const PICTURES_WANTED = process.env.STORY_SCREENSHOTS === "1";

/** A picture of the page (or of one part of it) as it is now, named `name.png` in the story's output folder. */
export async function picture(target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  if (!PICTURES_WANTED) return;
  const path = test.info().outputPath(`${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}
