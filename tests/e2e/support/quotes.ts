import { expect, type Page } from "@playwright/test";
import { adminNav, signIn } from "./admin";
import type { PickedFile } from "./files";
import { gotoHydrated } from "./hydrated";

/**
 * The stories of docs/decisions/0014-quotes.md: a custom request sent through the
 * shop's form (captcha and all) and answered by the owner from /admin. The shop
 * takes 5 requests from an address every 10 minutes: each story has an address of
 * its own (./test.ts), so one story may send at most 5.
 */

/** The shopper's part: the custom request form with a file attached. */
export async function sendCustomRequest(
  page: Page,
  shopper: string,
  file: PickedFile,
  details: string,
  email = "mary@example.co.uk",
): Promise<void> {
  await gotoHydrated(page, "/custom-request");
  await page.getByLabel("Name").fill(shopper);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("What would you like printed?").fill(details);
  await page.getByText("I'm not a robot").click();
  const send = page.getByRole("button", { name: "Send request" });
  await expect(send).toBeEnabled({ timeout: 15_000 });
  await page.getByLabel("Attachments (optional)").setInputFiles(file);
  await expect(page.getByText("1 selected.")).toBeVisible();
  await send.click();
  await expect(page.getByRole("status").filter({ hasText: "Sent — we will get back to you shortly." })).toBeVisible();
}

/** Signs in and opens the request from the custom requests section of the Orders page. */
export async function openRequestAsOwner(page: Page, shopper: string): Promise<void> {
  await signIn(page);
  await adminNav(page, "Orders").click();
  await page.getByRole("button", { name: `Open and quote the request from ${shopper}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Custom request from ${shopper}` })).toBeVisible();
}

/** The UK calendar date `days` from today, YYYY-MM-DD (worked out here, not with the editor's own helper). */
export function ukDateIn(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const editorOf = (page: Page, shopper: string) => page.getByRole("form", { name: `Quote for ${shopper}` });
export const historyOf = (page: Page) => page.getByRole("region", { name: "Quotes", exact: true });
