import type { Page } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { checkOutAndPay } from "./support/checkout";
import { gotoHydrated } from "./support/hydrated";
import { PICTURES_WANTED, picture } from "./support/pictures";
import { expectReachable } from "./support/tappable";
import { expect, test } from "./support/test";

/**
 * The owner says who the shop is in /admin, and a shopper on a phone or a desktop reads it
 * in the footer, on the contact page and in the policies, with the real delivery figures;
 * after paying, the confirmation says where its email went
 * (docs/decisions/0021-shop-identity-in-configuration.md). One story writes the identity
 * (the stories share one shop), then looks at both sizes.
 */

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

const FELLSIDE = {
  "Shop name": "Fellside Maps",
  "Trader name": "Fellside Prints Ltd",
  "Business address": "3 Mill Yard\nKendal\nLA9 4QR",
  "Contact email": "orders@fellside.example",
  "Company number": "09876543",
};

async function showTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((chosen) => localStorage.setItem("strata.theme", chosen), theme);
  await gotoHydrated(page, new URL(page.url()).pathname);
}

/** The delivery figures as the policies must print them, read from the shop's public call. */
async function deliveryLine(page: Page): Promise<string> {
  const fees = (await (await page.request.get("/api/configuration/delivery-fee")).json()) as { delivery_fee: string };
  return `Delivery: £${(Number(fees.delivery_fee) / 100).toFixed(2)} per order.`;
}

test("the owner changes the shop's name, trader and address in /admin, and the footer, contact page and policies show them at phone and desktop size", async ({
  page,
}) => {
  await signIn(page);
  await adminNav(page, "Configuration").click();
  const card = page.getByRole("region", { name: "Shop details" });
  await expect(card.getByLabel("Shop name")).not.toHaveValue("");

  // A PO Box is refused with what to do instead, and nothing else in the card is lost.
  await card.getByLabel("Business address").fill("PO Box 12\nKendal LA9 4QR");
  await card.getByRole("button", { name: "Save shop details" }).click();
  await expect(card.getByText("Enter a geographic address where the business can be found; a PO Box is not enough.")).toBeVisible();

  for (const [label, value] of Object.entries(FELLSIDE)) await card.getByLabel(label).fill(value);
  await card.getByRole("button", { name: "Save shop details" }).click();
  await expect(card.getByText("Shop details saved.")).toBeVisible();
  // What is kept is what was typed; saving again writes nothing.
  await expect(card.getByLabel("Business address")).toHaveValue("3 Mill Yard\nKendal\nLA9 4QR");
  await card.getByRole("button", { name: "Save shop details" }).click();
  await expect(card.getByText("Nothing to save: no detail has changed.")).toBeVisible();
  // The owner's own tab names the shop as it is now called.
  await page.reload();
  await expect(page).toHaveTitle("Configuration · Admin · Fellside Maps");
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await expectReachable(card.getByRole("button", { name: "Save shop details" }));
    for (const theme of PICTURES_WANTED ? (["light", "dark"] as const) : []) {
      // The admin has no theme switch of its own: the html class is what the storefront's switch sets.
      await page.evaluate((chosen) => document.documentElement.classList.replace(chosen === "light" ? "dark" : "light", chosen), theme);
      await picture(card, `shop-details-${size}-${theme}`);
    }
  }

  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);

    await gotoHydrated(page, "/products");
    await expect(page.getByRole("link", { name: "Fellside Maps home" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expectReachable(footer.getByText("Fellside Maps", { exact: true }));
    await expectReachable(footer.getByText("Fellside Prints Ltd · 3 Mill Yard, Kendal, LA9 4QR · Company number 09876543"));

    await gotoHydrated(page, "/contact");
    await expect(page).toHaveTitle("Contact · Fellside Maps");
    const main = page.getByRole("main");
    await expectReachable(main.getByRole("link", { name: "orders@fellside.example" }).first());
    const whoWeAre = main.getByRole("region", { name: "Who we are" });
    for (const line of ["Fellside Prints Ltd", "3 Mill Yard", "Kendal", "LA9 4QR", "Company number 09876543"]) {
      await expectReachable(whoWeAre.getByText(line, { exact: true }));
    }

    await gotoHydrated(page, "/policies");
    const policies = page.getByRole("main");
    await expect(async () => {
      // Another story may move the delivery fee for a moment: the page must match the setting when read.
      await page.reload();
      await expect(policies.getByText(await deliveryLine(page))).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectReachable(policies.getByText(await deliveryLine(page)));
    await expectReachable(policies.getByRole("heading", { name: "Your right to cancel" }));
    await expectReachable(policies.getByText("Deleted 90 days after your order is dispatched", { exact: false }));
    await expectReachable(policies.getByRole("region", { name: "Who we are" }).getByText("Fellside Prints Ltd", { exact: true }));

    for (const theme of PICTURES_WANTED ? (["light", "dark"] as const) : []) {
      for (const path of ["/contact", "/policies"]) {
        await gotoHydrated(page, path);
        await showTheme(page, theme);
        await picture(page, `${path.slice(1)}-${size}-${theme}`, { fullPage: true });
      }
    }
  }
});

test("a product made from the shopper's GPX file says, beside its buy button, that the right to cancel does not apply", async ({
  page,
  request,
}) => {
  const product = pick(await loadCatalogue(request), "product needing a GPX file", (p) => p.requiresGpx);
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, productPath(product));
    const buy = page.getByRole("button", { name: "Add to basket" });
    const note = page.getByText("the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b))", {
      exact: false,
    });
    await expectReachable(note);
    // Next to the button: below it, before anything else. The route's upload part loads after the page (only a
    // product that takes an upload fetches it) and moves the button down as it appears: the boxes are read once it
    // is there, and read again until they hold, so two boxes taken a moment apart never straddle that move.
    await expect(page.getByText("Your route (GPX file)")).toBeVisible();
    const gapUnderButton = async () => {
      const [buyBox, noteBox] = [await buy.boundingBox(), await note.boundingBox()];
      return noteBox && buyBox ? noteBox.y - (buyBox.y + buyBox.height) : null;
    };
    await expect
      .poll(
        async () => {
          const gap = await gapUnderButton();
          return gap !== null && gap >= 0 && gap < 120;
        },
        { message: "the right-to-cancel note sits under the Add to basket button, within 120 px of it" },
      )
      .toBe(true);
    await picture(page, `made-to-specification-${size}`);
  }
});

test("after paying, the confirmation says which address its email went to, on a phone and a desktop", async ({ page, request }) => {
  const product = pick(await loadCatalogue(request), "product without upload, unlimited stock", unlimitedSimple);
  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await gotoHydrated(page, "/basket");
  await checkOutAndPay(page, {
    email: "grace@example.co.uk",
    name: "Grace Hopper",
    line1: "1 Fell View",
    city: "Kendal",
    postcode: "LA9 4AB",
  });

  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const sentTo = page.getByTestId("confirmation-sent-to");
    await expect(sentTo).toHaveText("Your confirmation email is on its way to grace@example.co.uk.");
    await expectReachable(sentTo);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await picture(page, `success-${size}`, { fullPage: true });
  }
});
