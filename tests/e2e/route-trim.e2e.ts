import type { Page } from "@playwright/test";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { gpxRoute } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// Issue 16 point 6: the shopper hides the first and last few hundred metres of
// their route on the product page, sees the hidden stretches in the preview,
// and the shop keeps only the trimmed route (tests/api/gpx-clean-and-trim.test.ts
// proves what is stored; here the browser sends the trim and replaces its earlier upload).

const THEMES = ["dark", "light"] as const;
type RouteAnswer = { token: string; details: { distanceM: number } };

const uploadAnswer = (page: Page) => page.waitForResponse((response) => response.url().endsWith("/api/gpx/upload"));
const km = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

async function openReliefMap(page: Page, request: Parameters<typeof loadCatalogue>[0], theme: (typeof THEMES)[number]) {
  const reliefMap = pick(await loadCatalogue(request), "product that needs a GPX route", (p) => p.requiresGpx);
  await page.addInitScript((chosen) => localStorage.setItem("strata.theme", chosen), theme);
  await gotoHydrated(page, productPath(reliefMap));
  return reliefMap;
}

for (const theme of THEMES) {
  test.describe(`on a 390 × 844 phone, ${theme} theme`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test(`@phone a shopper hides the start and end of their route, sees it in the preview and adds the trimmed route (${theme})`, async ({
      page,
      request,
    }) => {
      await openReliefMap(page, request, theme);
      const fromStart = page.getByRole("combobox", { name: "From the start" });
      const fromEnd = page.getByRole("combobox", { name: "From the end" });
      await expectReachable(fromStart);
      await expectReachable(fromEnd);

      const first = uploadAnswer(page);
      await page.getByLabel("Your route (GPX file)").setInputFiles(gpxRoute("Coniston loop"));
      const whole = (await (await first).json()) as RouteAnswer;
      await expect(page.getByRole("status").filter({ hasText: "Uploaded coniston-loop.gpx" })).toBeVisible();
      await expect(page.getByTestId("hidden-route")).toHaveCount(0);

      // A new choice sends the route again with the trim, and the shop drops the upload it replaces.
      const second = uploadAnswer(page);
      await fromStart.selectOption("500");
      const startOnly = (await (await second).json()) as RouteAnswer;
      expect((await page.request.get(`/api/uploads/${whole.token}/preview.svg`)).status()).toBe(404);
      expect(startOnly.details.distanceM).toBeCloseTo(whole.details.distanceM - 500, -1);
      await expect(page.getByText("The first 500 m of your route is hidden and not kept.")).toBeVisible();
      await expect(page.getByTestId("hidden-route")).toHaveCount(1);

      const third = uploadAnswer(page);
      await fromEnd.selectOption("300");
      const both = (await (await third).json()) as RouteAnswer;
      expect(both.details.distanceM).toBeCloseTo(whole.details.distanceM - 800, -1);
      const sentence = page.getByText("The first 500 m and the last 300 m of your route are hidden and not kept.");
      await expectReachable(sentence);
      await expect(page.getByTestId("hidden-route")).toHaveCount(2);
      await expectReachable(page.getByRole("img", { name: new RegExp(`^Your route: ${km(both.details.distanceM)}`) }));
      await expect(page.getByRole("definition").first()).toHaveText(km(both.details.distanceM));

      await tapReachable(page.getByRole("button", { name: "Add to basket" }));
      await expectReachable(page.getByRole("status").filter({ hasText: "Added to basket" }));
      const basket = await page.evaluate(() => localStorage.getItem("strata.basket.v1") ?? "");
      expect(basket).toContain(both.token);
      expect(basket).not.toContain(startOnly.token);
      expect((await page.request.get(`/api/uploads/${startOnly.token}/preview.svg`)).status()).toBe(404);
      expect((await page.request.get(`/api/uploads/${both.token}/preview.svg`)).status()).toBe(200);
    });
  });
}

test("a trim chosen before the file is sent with it, and a trim longer than the route says what to do", async ({ page, request }) => {
  await openReliefMap(page, request, "dark");
  await page.getByRole("combobox", { name: "From the start" }).selectOption("1000");
  await page.getByRole("combobox", { name: "From the end" }).selectOption("1000");

  // A loop of about 0.9 km: shorter than the 2 km asked to be hidden.
  const refused = uploadAnswer(page);
  await page.getByLabel("Your route (GPX file)").setInputFiles(gpxRoute("Tarn loop", { radiusDeg: 0.001 }));
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText(
    "The route is shorter than the parts you asked to hide. Hide less of its start or end and try again.",
  );
  await expect(page.getByRole("button", { name: "Add to basket" })).toBeDisabled();

  // Each new choice sends the file again: 1000 m from the start alone is still too much, 200 m is not.
  const stillRefused = uploadAnswer(page);
  await page.getByRole("combobox", { name: "From the end" }).selectOption("0");
  expect((await stillRefused).status()).toBe(400);
  const accepted = uploadAnswer(page);
  await page.getByRole("combobox", { name: "From the start" }).selectOption("200");
  expect((await accepted).status()).toBe(200);
  await expect(page.getByText("The first 200 m of your route is hidden and not kept.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to basket" })).toBeEnabled();
});

test("a new trim after adding to the basket uploads the route again and leaves the basket line's route in place", async ({
  page,
  request,
}) => {
  await openReliefMap(page, request, "light");
  const first = uploadAnswer(page);
  await page.getByLabel("Your route (GPX file)").setInputFiles(gpxRoute("Coniston loop"));
  const added = (await (await first).json()) as RouteAnswer;
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");

  // The preview stays after adding (issue 16 point 2), so the trim can still be changed: that is a new upload,
  // never a replacement of the one the basket line holds.
  const second = uploadAnswer(page);
  await page.getByRole("combobox", { name: "From the start" }).selectOption("300");
  const trimmed = (await (await second).json()) as RouteAnswer;
  expect(trimmed.token).not.toBe(added.token);
  expect((await page.request.get(`/api/uploads/${added.token}/preview.svg`)).status()).toBe(200);
  const basket = await page.evaluate(() => localStorage.getItem("strata.basket.v1") ?? "");
  expect(basket).toContain(added.token);
  expect(basket).not.toContain(trimmed.token);
});
