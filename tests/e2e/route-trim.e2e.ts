import type { Locator, Page } from "@playwright/test";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { expectNoSeriousViolations } from "./support/axe";
import { emptyGpx, gpxRoute } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { picture } from "./support/pictures";
import { chooseRoute, recordUploads } from "./support/route-upload";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// The shopper hides the first and last few hundred metres of their route on the product page
// (docs/decisions/0028-route-trim-in-the-browser.md): the browser reads and draws the route the moment
// the file is chosen, the trim sits under the drawing and moves its faint ends at once, and the file is
// sent once, with the trim, when the map goes in the basket. The shop still trims it and keeps only the
// trimmed route (tests/api/gpx-clean-and-trim.test.ts proves what is stored).

type RouteAnswer = { token: string; details: { distanceM: number; points: [number, number][] } };
type Theme = "dark" | "light";

const addButton = (page: Page) => page.getByRole("button", { name: "Add to basket" });
const uploadAnswer = (page: Page) => page.waitForResponse((response) => response.url().endsWith("/api/gpx/upload"));
const km = (metres: number) => `${(metres / 1000).toFixed(1)} km`;

async function openReliefMap(page: Page, request: Parameters<typeof loadCatalogue>[0], theme: Theme) {
  const reliefMap = pick(await loadCatalogue(request), "product that needs a GPX route", (p) => p.requiresGpx);
  await page.addInitScript((chosen) => localStorage.setItem("strata.theme", chosen), theme);
  await gotoHydrated(page, productPath(reliefMap));
  return reliefMap;
}

/** Where each part sits in the document (not the viewport: the page may scroll between two looks). */
async function placesOf(parts: Record<string, Locator>): Promise<Record<string, { top: number; height: number }>> {
  const places: Record<string, { top: number; height: number }> = {};
  for (const [name, part] of Object.entries(parts)) {
    places[name] = await part.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { top: Math.round(box.top + window.scrollY), height: Math.round(box.height) };
    });
  }
  return places;
}

/**
 * Watches the page from now on: whether Add to basket was ever disabled and whether the drawn route
 * ever left the page, however briefly (a look after each change could miss a flash).
 */
async function watchPreviewAndButton(page: Page): Promise<() => Promise<{ buttonDisabled: boolean; mapRemoved: boolean }>> {
  await page.evaluate(() => {
    const map = document.querySelector(".route-preview__map");
    const button = [...document.querySelectorAll("button")].find((element) => element.textContent === "Add to basket");
    const seen = { buttonDisabled: !button || button.disabled, mapRemoved: !map };
    new MutationObserver(() => {
      if (!button?.isConnected || button.disabled) seen.buttonDisabled = true;
      if (!map?.isConnected) seen.mapRemoved = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    (window as unknown as { trimWatch: typeof seen }).trimWatch = seen;
  });
  return () => page.evaluate(() => (window as unknown as { trimWatch: { buttonDisabled: boolean; mapRemoved: boolean } }).trimWatch);
}

/** Metres between two points (haversine), worked out here rather than by the code under test. */
function metresBetween([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(h));
}

const SCREENS = [
  { name: "phone", tag: "@phone ", viewport: { width: 390, height: 844 }, theme: "dark" },
  { name: "phone", tag: "@phone ", viewport: { width: 390, height: 844 }, theme: "light" },
  { name: "desktop", tag: "", viewport: { width: 1280, height: 800 }, theme: "light" },
  { name: "desktop", tag: "", viewport: { width: 1280, height: 800 }, theme: "dark" },
] as const;

for (const screen of SCREENS) {
  test.describe(`on a ${screen.viewport.width} × ${screen.viewport.height} ${screen.name}, ${screen.theme} theme`, () => {
    test.use({ viewport: screen.viewport });

    test(`${screen.tag}a shopper sees their route drawn before any trim is asked, trims it with no upload and no jump, and adds it: one upload, trimmed as chosen (${screen.name}, ${screen.theme})`, async ({
      page,
      request,
    }) => {
      await openReliefMap(page, request, screen.theme);
      const uploads = recordUploads(page);
      const fromStart = page.getByRole("combobox", { name: "From the start" });
      const fromEnd = page.getByRole("combobox", { name: "From the end" });
      // No trim is asked before there is a route to see.
      await expect(fromStart).toHaveCount(0);
      await expect(addButton(page)).toBeDisabled();

      const route = gpxRoute("Coniston loop");
      await chooseRoute(page, route);
      const map = page.getByRole("img", { name: /^Your route: / });
      await expectReachable(map);
      await expect(page.getByRole("img", { name: /^Elevation profile: / })).toBeVisible();
      await expect(page.getByRole("term")).toHaveText(["Distance", "Ascent", "Descent"]);
      const distance = page.getByRole("definition").first();
      const wholeText = (await distance.textContent()) ?? "";
      expect(wholeText).toMatch(/^\d+\.\d km$/);
      await expect(page.getByTestId("hidden-route")).toHaveCount(0);
      await expect(addButton(page)).toBeEnabled();

      // The trim comes under the drawn route.
      const trim = page.getByRole("group", { name: "Hide the start and end" });
      const mapBox = (await map.boundingBox())!;
      const trimBox = (await trim.boundingBox())!;
      expect(trimBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
      await expectReachable(fromStart);
      await expectReachable(fromEnd);

      const parts = {
        map,
        profile: page.locator(".route-preview__profile"),
        facts: page.locator(".route-preview__facts"),
        trim,
        add: addButton(page),
      };
      const before = await placesOf(parts);
      const seen = await watchPreviewAndButton(page);
      const requestsWhileTrimming: string[] = [];
      const onRequest = (sent: { url(): string }) => requestsWhileTrimming.push(sent.url());
      page.on("request", onRequest);

      await fromStart.selectOption("500");
      await expect(page.getByTestId("hidden-route")).toHaveCount(1);
      await expect(page.getByText("The first 500 m of your route is hidden and not kept.")).toBeVisible();
      await expect(distance).not.toHaveText(wholeText);
      expect(await placesOf(parts)).toEqual(before);

      await fromEnd.selectOption("300");
      await expect(page.getByTestId("hidden-route")).toHaveCount(2);
      const sentence = page.getByText("The first 500 m and the last 300 m of your route are hidden and not kept.");
      await expect(sentence).toBeVisible();
      expect(await placesOf(parts)).toEqual(before);
      const trimmedText = (await distance.textContent()) ?? "";
      // 800 m off a route shown to 0.1 km: the figure falls by 0.7 to 0.9 km.
      const fell = Number.parseFloat(wholeText) - Number.parseFloat(trimmedText);
      expect(fell).toBeGreaterThanOrEqual(0.7);
      expect(fell).toBeLessThanOrEqual(0.9);
      await expect(map).toHaveAccessibleName(new RegExp(`^Your route: ${trimmedText.replace(".", "\\.")}, `));

      page.off("request", onRequest);
      expect(requestsWhileTrimming).toEqual([]);
      expect(uploads).toEqual([]);
      expect(await seen()).toEqual({ buttonDisabled: false, mapRemoved: false });

      await expectReachable(sentence);
      await expectNoSeriousViolations(page, `the chosen route with its trim (${screen.name}, ${screen.theme})`);
      // The panel from its title down: the file, the drawing with its faint ends, and the trim under it.
      await page
        .locator(".upload")
        .evaluate((panel) => window.scrollTo({ top: panel.getBoundingClientRect().top + window.scrollY - 72, behavior: "instant" }));
      await picture(page, `${screen.name}-${screen.theme}-trimmed`);

      // Adding sends the file once, with the trim, and the shop keeps the route trimmed as chosen.
      const answered = uploadAnswer(page);
      await tapReachable(addButton(page));
      const answer = (await (await answered).json()) as RouteAnswer;
      // The panel that stays, not the chip over it: the chip is shown for 2 seconds only, which a busy machine's
      // round trip can outlast (the chip itself is phone-shopping.e2e.ts's story).
      await expectReachable(page.getByRole("region", { name: "In your basket" }));
      expect(uploads).toEqual(["POST /api/gpx/upload"]);
      // The browser showed the figure the shop worked out for the same file and trim.
      expect(km(answer.details.distanceM)).toBe(trimmedText);
      const firstPoint: [number, number] = [54.37, -3.083];
      expect(metresBetween(firstPoint, answer.details.points[0]!)).toBeCloseTo(500, -1);
      const stored = await page.request.get(`/api/uploads/${answer.token}/preview.svg`);
      expect(stored.status()).toBe(200);
      expect(await stored.text()).toContain(`<title>Route map and elevation profile: ${trimmedText} · `);
      const basket = await page.evaluate(() => localStorage.getItem("strata.basket.v1") ?? "");
      expect(basket).toContain(answer.token);
      await expect(page.getByRole("status").filter({ hasText: "Uploaded coniston-loop.gpx" })).toBeVisible();
      await picture(page, `${screen.name}-${screen.theme}-added`);
      expect(uploads).toHaveLength(1);
    });
  });
}

test("a short route offers only the trims it can take", async ({ page, request }) => {
  await openReliefMap(page, request, "dark");
  // A loop of about 0.69 km (radii of 111 m and 110 m): hiding 700 m of it would leave nothing.
  await chooseRoute(page, gpxRoute("Tarn loop", { radiusDeg: 0.001 }));
  const fromStart = page.getByRole("combobox", { name: "From the start" });
  const fromEnd = page.getByRole("combobox", { name: "From the end" });
  await expect(fromStart.locator("option:disabled")).toHaveText(["700 m", "800 m", "900 m", "1000 m"]);
  await fromStart.selectOption("400");
  await expect(fromEnd.locator("option:disabled")).toHaveText(["300 m", "400 m", "500 m", "600 m", "700 m", "800 m", "900 m", "1000 m"]);
  await fromEnd.selectOption("200");
  await expect(page.getByText("The first 400 m and the last 200 m of your route are hidden and not kept.")).toBeVisible();
  await expect(fromStart.locator("option:disabled")).toHaveText(["500 m", "600 m", "700 m", "800 m", "900 m", "1000 m"]);
  await expect(addButton(page)).toBeEnabled();
});

test("a file that is not a route is refused in the browser with the reason, and never sent", async ({ page, request }) => {
  await openReliefMap(page, request, "light");
  const uploads = recordUploads(page);
  await page.getByLabel("Your route (GPX file)").setInputFiles(emptyGpx());
  const alert = page.getByRole("alert");
  await expect(alert.getByText("GPX upload failed", { exact: true })).toBeVisible();
  await expect(alert.getByText("The GPX file has no track, route or waypoints.", { exact: true })).toBeVisible();

  await page
    .getByLabel("Your route (GPX file)")
    .setInputFiles({ name: "holiday.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from("PK\u0003\u0004 not xml") });
  await expect(alert.getByText("That file is not a GPX route. Export a .gpx file from your watch or app.", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Your route:/ })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "From the start" })).toHaveCount(0);
  await expect(addButton(page)).toBeDisabled();
  await expect(page.getByLabel("Your route (GPX file)")).toBeEnabled();
  expect(uploads).toEqual([]);
});

test("an upload that fails when adding says why, keeps the route and its trim on show and adds nothing; trying again adds it", async ({
  page,
  request,
}) => {
  await openReliefMap(page, request, "light");
  const uploads = recordUploads(page);
  await chooseRoute(page, gpxRoute("Coniston loop"));
  await page.getByRole("combobox", { name: "From the start" }).selectOption("200");
  await page.route("**/api/gpx/upload", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ error: "Too many uploads. Please wait a few minutes and try again." }),
    }),
  );
  await addButton(page).click();
  const alert = page.getByRole("alert");
  await expect(alert.getByText("GPX upload failed", { exact: true })).toBeVisible();
  await expect(alert.getByText("Too many uploads. Please wait a few minutes and try again.", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Your route: / })).toBeVisible();
  await expect(page.getByText("The first 200 m of your route is hidden and not kept.")).toBeVisible();
  await expect(page.getByTestId("basket-count")).toHaveCount(0);
  await expect(addButton(page)).toBeEnabled();

  await page.unroute("**/api/gpx/upload");
  const answered = uploadAnswer(page);
  await addButton(page).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await expect(alert).toHaveCount(0);
  expect(uploads).toEqual(["POST /api/gpx/upload", "POST /api/gpx/upload"]);
});

test("after adding, the same route and trim cannot go in twice; a new trim is a new line with its own upload, and the first line keeps its route", async ({
  page,
  request,
}) => {
  await openReliefMap(page, request, "light");
  const uploads = recordUploads(page);
  await chooseRoute(page, gpxRoute("Coniston loop"));
  const first = uploadAnswer(page);
  await addButton(page).click();
  const added = (await (await first).json()) as RouteAnswer;
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await expect(addButton(page)).toBeDisabled();
  await expect(
    page.getByText("This route is in your basket. To order another print, choose another trim or replace the file."),
  ).toBeVisible();

  await page.getByRole("combobox", { name: "From the start" }).selectOption("300");
  await expect(addButton(page)).toBeEnabled();
  expect(uploads).toHaveLength(1);
  const second = uploadAnswer(page);
  await addButton(page).click();
  const trimmed = (await (await second).json()) as RouteAnswer;
  await expect(page.getByTestId("basket-count")).toHaveText("2");
  expect(trimmed.token).not.toBe(added.token);
  expect((await page.request.get(`/api/uploads/${added.token}/preview.svg`)).status()).toBe(200);
  const basket = await page.evaluate(() => localStorage.getItem("strata.basket.v1") ?? "");
  expect(basket).toContain(added.token);
  expect(basket).toContain(trimmed.token);
  expect(uploads).toHaveLength(2);

  // Another file is another print: read and drawn with no trim, and Add takes it (a third upload).
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Replace file" }).click();
  await (await chooser).setFiles(gpxRoute("Tarn loop", { radiusDeg: 0.004 }));
  await expect(page.getByRole("status").filter({ hasText: "tarn-loop.gpx" })).toBeVisible();
  await expect(page.getByText("The whole route is kept.")).toBeVisible();
  await expect(addButton(page)).toBeEnabled();
  expect(uploads).toHaveLength(2);
  const third = uploadAnswer(page);
  await addButton(page).click();
  expect((await third).status()).toBe(200);
  await expect(page.getByTestId("basket-count")).toHaveText("3");
  expect(uploads).toHaveLength(3);
});
