import type { Page } from "@playwright/test";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { checkOutAs, payButton } from "./support/checkout";
import { emptyGpx, gpxRoute, jpegPhoto, stlCube } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectLoaded } from "./support/images";
import { chooseRoute, recordUploads } from "./support/route-upload";
import { expect, test } from "./support/test";

const badge = (page: Page) => page.getByTestId("basket-count");
const addButton = (page: Page) => page.getByRole("button", { name: "Add to basket" });

type RouteAnswer = { token: string; name: string; details: { distanceM: number; ascentM: number; descentM: number } };

test.describe("uploading a route or a photo", () => {
  test("a shopper uploads a GPX route, sees it drawn, buys the relief map and can download the route from the confirmation", async ({
    page,
    request,
  }) => {
    const products = await loadCatalogue(request);
    const reliefMap = pick(products, "product that needs a GPX route", (p) => p.requiresGpx);
    const route = gpxRoute("Coniston loop");

    await gotoHydrated(page, productPath(reliefMap));
    await expect(addButton(page)).toBeDisabled();
    await expect(page.getByText("Upload your GPX file to add this to your basket.")).toBeVisible();

    // The route is read and drawn in the browser at once; nothing is sent yet (docs/decisions/0028-route-trim-in-the-browser.md).
    const uploads = recordUploads(page);
    const picker = page.getByLabel("Your route (GPX file)");
    await chooseRoute(page, route);
    await expect(page.getByRole("status").filter({ hasText: "coniston-loop.gpx" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Elevation profile: from 180 m to 600 m over / })).toBeVisible();
    // Distance, ascent and descent, in that order under their own terms.
    await expect(page.getByRole("term")).toHaveText(["Distance", "Ascent", "Descent"]);
    const shown = await page.getByRole("definition").allTextContents();
    expect(uploads).toEqual([]);

    // Adding sends it. Hold the upload back until the uploading state has been seen, as a shopper on a slow line would.
    let releaseUpload!: () => void;
    const uploadReleased = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route("**/api/gpx/upload", async (held) => {
      await uploadReleased;
      await held.continue();
    });
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/gpx/upload"));
    await addButton(page).click();
    await expect(page.getByRole("status").filter({ hasText: /Uploading coniston-loop\.gpx…|Checking your route…/ })).toBeVisible();
    await expect(picker).toBeHidden();
    await expect(page.getByRole("button", { name: "Replace file" })).toBeDisabled();
    await expect(addButton(page)).toBeDisabled();
    releaseUpload();

    const answer = (await (await answered).json()) as RouteAnswer;
    const km = `${(answer.details.distanceM / 1000).toFixed(1)} km`;
    const metres = (value: number) => `${Math.round(value).toLocaleString("en-GB")} m`;
    // The figures the browser drew are the ones the shop worked out for the file it stored.
    expect(shown).toEqual([km, metres(answer.details.ascentM), metres(answer.details.descentM)]);
    await expect(page.getByRole("status").filter({ hasText: "Uploaded coniston-loop.gpx" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: `Your route: ${km}, ${metres(answer.details.ascentM)} of ascent`, exact: false }),
    ).toBeVisible();
    // The panel that stays, not the 'Added to basket' chip: the chip's 2 seconds can pass during the checks
    // above on a busy machine (basket.e2e.ts proves the chip and its 2 seconds).
    const added = page.getByRole("region", { name: "In your basket" });
    await expect(added.getByText("Route: coniston-loop.gpx")).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    expect(uploads).toEqual(["POST /api/gpx/upload"]);

    await gotoHydrated(page, "/basket");
    const line = page.getByRole("listitem").filter({ hasText: reliefMap.name });
    await expect(line.getByText("Route: coniston-loop.gpx")).toBeVisible();
    await expectLoaded(line.getByRole("img", { name: "Map of your route coniston-loop.gpx" }));
    await expect(line.getByText("Qty 1")).toBeVisible();

    await checkOutAs(page, {
      email: "wainwright@example.co.uk",
      name: "Alfred Wainwright",
      line1: "1 Church Street",
      city: "Kendal",
      postcode: "LA9 4LA",
    });
    await payButton(page).click();

    await expect(page).toHaveURL(/\/success\?session_id=cs_demo_/);
    await expect(page.getByRole("status")).toContainText("Your order is confirmed.", { timeout: 15_000 });
    const download = page.getByRole("list", { name: `Files for ${reliefMap.name}` }).getByRole("link", { name: "coniston-loop.gpx" });
    await expect(download).toBeVisible();
    const file = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(file.status()).toBe(200);
    // The shop keeps the route's points alone, not the file's names (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
    const kept = await file.text();
    expect(kept).toContain('<trkpt lat="54.37" lon="-3.083"><ele>180</ele></trkpt>');
    expect(kept).not.toContain("Coniston loop");
  });

  test("a GPX file with no points says 'GPX upload failed' with the reason, and the map cannot be added", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const reliefMap = pick(products, "product that needs a GPX route", (p) => p.requiresGpx);

    await gotoHydrated(page, productPath(reliefMap));
    await page.getByLabel("Your route (GPX file)").setInputFiles(emptyGpx());

    const alert = page.getByRole("alert");
    await expect(alert.getByText("GPX upload failed", { exact: true })).toBeVisible();
    await expect(alert.getByText("The GPX file has no track, route or waypoints.", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Your route:/ })).toHaveCount(0);
    await expect(addButton(page)).toBeDisabled();
    // The picker is there to try another file.
    await expect(page.getByLabel("Your route (GPX file)")).toBeEnabled();
  });

  test("a shopper uploads a photo, sees it as a lit lithophane, replaces it, and the basket shows the photo", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    const lithophane = pick(products, "product that needs a photo", (p) => p.requiresImage);

    await gotoHydrated(page, productPath(lithophane));
    await expect(page.getByLabel("Your photo")).toHaveAttribute("accept", "image/*");
    await expect(addButton(page)).toBeDisabled();
    await page.getByLabel("Your photo").setInputFiles(await jpegPhoto("first-try.jpg"));

    await expect(page.getByRole("status").filter({ hasText: "Uploaded first-try.jpg" })).toBeVisible();
    await expectLoaded(page.getByRole("img", { name: "Your photo as a lit lithophane" }));
    await expect(page.getByText("How your lithophane will look when lit")).toBeVisible();
    await expect(addButton(page)).toBeEnabled();

    // Changing their mind: the new photo replaces the first one.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Replace file" }).click();
    await (await chooser).setFiles(await jpegPhoto("harbour-at-dusk.jpg"));
    await expect(page.getByRole("status").filter({ hasText: "Uploaded harbour-at-dusk.jpg" })).toBeVisible();
    await expectLoaded(page.getByRole("img", { name: "Your photo as a lit lithophane" }));

    await addButton(page).click();
    await expect(badge(page)).toHaveText("1");

    await gotoHydrated(page, "/basket");
    const line = page.getByRole("listitem").filter({ hasText: lithophane.name });
    await expect(line.getByText("Photo: harbour-at-dusk.jpg")).toBeVisible();
    await expect(line.getByText("first-try.jpg")).toHaveCount(0);
    await expectLoaded(line.getByRole("img", { name: "Your photo harbour-at-dusk.jpg" }));
    await expect(line.getByText("Qty 1")).toBeVisible();
  });
});

test("a shopper sends a custom request with an STL file once the captcha has checked them", async ({ page }) => {
  await gotoHydrated(page, "/custom-request");
  const send = page.getByRole("button", { name: "Send request" });
  const captcha = page.getByRole("checkbox", { name: "I'm not a robot" });
  await expect(send).toBeDisabled();

  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.co.uk");
  await expect(captcha).toHaveCount(0); // Only once name, email and details are filled in (docs/product.md#captcha).
  await page.getByLabel("What would you like printed?").fill("A 20 mm calibration cube in black PETG, two of them please.");

  await expect(captcha).toBeVisible();
  // ALTCHA draws its own tick over the box; a shopper clicks the words next to it.
  await page.getByText("I'm not a robot").click();
  await expect(send).toBeEnabled({ timeout: 15_000 });

  await page.getByLabel("Attachments (optional)").setInputFiles(stlCube());
  await expect(page.getByText("1 selected.")).toBeVisible();
  await send.click();

  await expect(page.getByRole("status").filter({ hasText: "Sent — we will get back to you shortly." })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("What would you like printed?")).toHaveValue("");
});
