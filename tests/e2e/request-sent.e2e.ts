import { devices, type Page } from "@playwright/test";
import { jpegPhoto, stlCube } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { PICTURES_WANTED, picture } from "./support/pictures";
import { expect, test } from "./support/test";

// After sending, the custom request form says what happened: the sentence of docs/product.md#request-form, the
// request's reference, what was sent (with the files' names as the shop kept them) and the reply promise in the
// page's own words.

const SENT = "Sent — we will get back to you shortly.";
const REPLY_PROMISE = "We reply within 1 business day.";

async function sendTwoFiles(page: Page, unique: string): Promise<{ stl: string; photo: string }> {
  const stl = stlCube(`shelf-bracket-${unique}.stl`);
  const photo = await jpegPhoto(`shelf-${unique}.jpg`);
  await gotoHydrated(page, "/custom-request");
  // The promise the confirmation repeats is the page's own.
  await expect(page.locator("main").getByText(REPLY_PROMISE, { exact: false }).first()).toBeVisible();
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.co.uk");
  await page.getByLabel("What would you like printed?").fill("Two shelf brackets, 15 cm deep.\nBlack PETG, please.");
  await page.getByText("I'm not a robot").click();
  const send = page.getByRole("button", { name: "Send request" });
  await expect(send).toBeEnabled({ timeout: 15_000 });
  await page.getByLabel("Attachments (optional)").setInputFiles([stl, photo]);
  await expect(page.getByText("2 selected.")).toBeVisible();
  await send.click();
  return { stl: stl.name, photo: photo.name };
}

async function expectConfirmation(page: Page, files: { stl: string; photo: string }): Promise<void> {
  const sent = page.getByRole("status").filter({ hasText: SENT });
  await expect(sent).toBeVisible({ timeout: 15_000 });
  await expect(sent).toContainText(new RegExp(`Your request reference is REQ-[0-9A-Z]{16}\\. ${REPLY_PROMISE.replace(/\./g, "\\.")}`));
  await expect(sent.getByRole("list", { name: "Files sent" }).getByRole("listitem")).toHaveText([files.stl, files.photo]);
  await expect(sent).toContainText("Grace Hopper");
  await expect(sent).toContainText("grace@example.co.uk");
  await expect(sent).toContainText("Two shelf brackets, 15 cm deep.");
  // The reset of docs/product.md#request-form: the form is empty for another request, the confirmation stays.
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("What would you like printed?")).toHaveValue("");

  // Inside the screen's width, nothing to scroll sideways for.
  const width = page.viewportSize()?.width ?? 0;
  const box = await sent.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!PICTURES_WANTED) return;
  const sent = page.getByRole("status").filter({ hasText: SENT });
  await sent.scrollIntoViewIfNeeded();
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(chosen);
    }, theme);
    await picture(page, `${name}-${theme}`);
  }
}

test("on a desktop, the custom request form's confirmation names the reference, what was sent and the reply promise", async ({ page }) => {
  const files = await sendTwoFiles(page, Date.now().toString(36));
  await expectConfirmation(page, files);
  await shoot(page, "request-sent-desktop");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: devices["Pixel 7"].userAgent, isMobile: true, hasTouch: true });

  test("the custom request form's confirmation names the reference, what was sent and the reply promise @phone", async ({ page }) => {
    const files = await sendTwoFiles(page, Date.now().toString(36));
    await expectConfirmation(page, files);
    await shoot(page, "request-sent-phone");
  });
});
