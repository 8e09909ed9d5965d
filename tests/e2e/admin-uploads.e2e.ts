import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { adminNav, openOrderAsOwner, signIn } from "./support/admin";
import { checkOutAndPay } from "./support/checkout";
import { gpxRoute, stlCube } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectLoaded } from "./support/images";
import { sendCustomRequest } from "./support/quotes";
import { chooseRoute } from "./support/route-upload";
import { expect, test } from "./support/test";

const NO_WEBGL = "3D preview needs WebGL; the figures below are computed from the file.";

/** The share of a PNG's pixels in the viewer's orange (lit or shaded), i.e. how much of the view the model fills. */
async function orangeShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let orange = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
    if (r > 90 && r > g * 1.3 && g > b * 1.2) orange++;
  }
  return orange / (info.width * info.height);
}

/** Script errors and React warnings; a failed resource is the browser's own line and checked where it matters. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  return problems;
}

test.describe("the owner sees what shoppers uploaded", () => {
  test("a shopper sends an STL cube; the owner marks the request in progress and measures the cube in 3D", async ({ page }) => {
    const problems = collectProblems(page);
    // A name of its own, so this request is found among the others the stories send.
    const shopper = `Ada Lovelace ${Date.now().toString(36)}`;
    const cube = stlCube(`cube-${Date.now().toString(36)}.stl`, 20);

    await sendCustomRequest(page, shopper, cube, "This 20 mm cube in orange PLA, please: it is a spacer for a loom.", "ada@example.co.uk");

    await signIn(page);
    await adminNav(page, "Orders").click();
    await expect(page.getByRole("heading", { level: 2, name: "Custom requests" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: shopper });
    await expect(row).toContainText("This 20 mm cube in orange PLA");
    await expect(row.getByRole("link", { name: cube.name })).toHaveAttribute(
      "href",
      /\/api\/admin\/custom-requests\/[^/]+\/attachments\/[^/]+\/download$/,
    );

    // The status change is saved: it is still there after a reload.
    const status = row.getByRole("combobox", { name: `Status of the request from ${shopper}` });
    await expect(status).toHaveValue("open");
    const saved = page.waitForResponse((response) => /\/api\/admin\/custom-requests\/[^/]+\/status$/.test(response.url()));
    await status.selectOption({ label: "In progress" });
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: shopper }).getByRole("combobox")).toHaveValue("in_progress");

    await page
      .getByRole("row")
      .filter({ hasText: shopper })
      .getByRole("button", { name: `View 3D: ${cube.name}` })
      .click();
    const viewer = page.getByRole("dialog", { name: `3D view: ${cube.name}` });
    await expect(viewer).toBeVisible();
    const facts = viewer.getByRole("definition");
    await expect(viewer.getByRole("term")).toHaveText(["Volume", "Triangles", "Size (W × D × H)", "Surface"]);
    await expect(facts).toHaveText(["8.0 cm³", "12", "20.0 × 20.0 × 20.0 mm", "Watertight"]);
    // Headless Chromium may have no WebGL: then the figures stand alone, with the reason given.
    const drawing = viewer.getByRole("img", { name: `3D view of ${cube.name}: drag to turn, scroll or pinch to zoom` });
    await expect(drawing.or(viewer.getByText(NO_WEBGL))).toBeVisible();
    const webgl = (await drawing.count()) > 0;
    test.info().annotations.push({ type: "webgl", description: webgl ? "drawn with WebGL" : "no WebGL: figures only" });
    if (webgl) {
      // The cube is really drawn (its orange fills part of the view), and a drag turns it.
      await expect(viewer.getByRole("button", { name: "Reset view" })).toBeEnabled();
      const before = await drawing.screenshot();
      expect(await orangeShare(before)).toBeGreaterThan(0.03);
      const box = await drawing.boundingBox();
      if (!box) throw new Error("The 3D view has no size");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 8 });
      await page.mouse.up();
      expect((await drawing.screenshot()).equals(before)).toBe(false);
    }
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();

    // A browser without WebGL still gets the figures, and says why there is no picture.
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        return kind.startsWith("webgl") ? null : (original as (...args: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof original;
    });
    await page.reload();
    await page
      .getByRole("row")
      .filter({ hasText: shopper })
      .getByRole("button", { name: `View 3D: ${cube.name}` })
      .click();
    await expect(viewer.getByText(NO_WEBGL)).toBeVisible();
    await expect(viewer.getByRole("definition")).toHaveText(["8.0 cm³", "12", "20.0 × 20.0 × 20.0 mm", "Watertight"]);
    await expect(drawing).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();

    // The session has ended (the cookie is gone): opening a model returns the owner to the sign-in screen.
    await page.context().clearCookies();
    await page
      .getByRole("row")
      .filter({ hasText: shopper })
      .getByRole("button", { name: `View 3D: ${cube.name}` })
      .click();
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await expect(page.getByText("Session expired. Please sign in again.")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a shopper buys a relief map with a GPX route; the owner sees the route on the order and downloads the file", async ({
    page,
    request,
  }) => {
    const problems = collectProblems(page);
    const products = await loadCatalogue(request);
    const reliefMap = pick(products, "product that needs a GPX route", (p) => p.requiresGpx);
    const route = gpxRoute("Buttermere round");

    await gotoHydrated(page, productPath(reliefMap));
    await chooseRoute(page, route);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(page.getByTestId("basket-count")).toHaveText("1");

    // The basket's thumbnail is the compact map drawn for its size.
    await gotoHydrated(page, "/basket");
    const thumb = page.getByRole("img", { name: "Map of your route buttermere-round.gpx" });
    await expectLoaded(thumb);
    await expect(thumb).toHaveAttribute("src", /\/preview\.svg\?size=thumb$/);
    expect(await thumb.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(80);

    const orderId = await checkOutAndPay(page, {
      email: "fellwalker@example.co.uk",
      name: "Nan Shepherd",
      line1: "3 Lakeside",
      city: "Keswick",
      postcode: "CA12 5DJ",
    });

    await openOrderAsOwner(page, orderId);

    const files = page.getByRole("list", { name: `Files for ${reliefMap.name}` });
    await expectLoaded(files.getByRole("img", { name: "Route map and elevation profile of buttermere-round.gpx" }));
    await expect(files.getByText("buttermere-round.gpx", { exact: true })).toBeVisible();

    const link = files.getByRole("link", { name: "Download GPX buttermere-round.gpx" });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/api\/admin\/download\/gpx\/[\w-]+$/);
    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    // What the shop kept (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md): the route's points, not the file's names.
    const kept = Buffer.from(await answer.body());
    expect(kept.toString()).toContain('<trkpt lat="54.37" lon="-3.083"><ele>180</ele></trkpt>');
    expect(kept.toString()).not.toContain("Buttermere round");

    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("buttermere-round.gpx");
    expect((await readFile((await download.path()) ?? "")).equals(kept)).toBe(true);
    expect(problems).toEqual([]);
  });
});
