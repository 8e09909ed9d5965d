import type { Page } from "@playwright/test";
import { adminNav, signIn } from "./support/admin";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// The owner sets how long customers' files are kept after dispatch
// (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md) on the
// Configuration page (the deletion itself and the line orders show are in
// tests/api/file-retention.test.ts: the job runs on its own clock).

const setting = (page: Page) => page.getByRole("form", { name: "Keep files after dispatch (days)" });

async function openSetting(page: Page) {
  await signIn(page);
  await adminNav(page, "Configuration").click();
  await expect(page.getByRole("heading", { name: "Customer files" })).toBeVisible();
  return setting(page);
}

async function save(page: Page, days: string) {
  const form = setting(page);
  await form.getByLabel("Keep files after dispatch (days)").fill(days);
  await tapReachable(form.getByRole("button", { name: "Save" }));
}

for (const [name, viewport, tag] of [
  ["a 390 × 844 phone", { width: 390, height: 844 }, "@phone "],
  ["a desktop", { width: 1280, height: 800 }, ""],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport, hasTouch: tag !== "" });

    test(`${tag}the owner keeps customers' files 30 days after dispatch, and is told what to enter for 0`, async ({ page }) => {
      const form = await openSetting(page);
      await expectReachable(form.getByLabel("Keep files after dispatch (days)"));
      // The phone and desktop stories share one shop, so what is stored now is read, not assumed.
      const now = (await form.getByText(/ Now \d+\.$/).textContent())?.match(/Now \d+\./)?.[0] ?? "";
      expect(now).toMatch(/^Now \d+\.$/);

      await save(page, "0");
      await expect(form.getByRole("alert").or(form.getByRole("status"))).toContainText(
        "Enter how long to keep customers' files after dispatch as a whole number of days from 1 to 3650.",
      );
      await expect(form).toContainText(now);

      await save(page, "30");
      await expect(form.getByText("File retention saved.")).toBeVisible();
      await expect(form).toContainText("Now 30.");
      // Back to the default, for the stories that share this shop.
      await save(page, "90");
      await expect(form).toContainText("Now 90.");
    });
  });
}
