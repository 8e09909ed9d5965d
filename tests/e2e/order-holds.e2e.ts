import type { APIRequestContext, Page } from "@playwright/test";
import { loadCatalogue, pick } from "./catalogue";
import { openOrderAsOwner } from "./support/admin";
import { jpegPhoto } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { pictureInBothThemes, readWithoutJavaScript } from "./support/looks";
import { PICTURES_WANTED } from "./support/pictures";
import { expect, test } from "./support/test";

// "Needs your input" (docs/decisions/0048-order-holds.md) as one story on a phone: the owner asks about a dark photo,
// the shopper sends a better one through the link with the product page's own upload, the owner sends a new proof
// round, the shopper approves; the order and its outbox follow, and the hold page reads without JavaScript.

const PAYER = { email: "lumen@example.co.uk", name: "Ada Lumen", line1: "4 Harbour Row", city: "Whitby", postalCode: "YO21 3PU" };

/** A paid lithophane order with the shopper's (dark) photo, through the shop's own calls. */
async function paidPhotoOrder(request: APIRequestContext, productId: string): Promise<string> {
  const photo = await jpegPhoto("dark-harbour.jpg");
  const stored = await request.post("/api/image/upload", {
    multipart: { productId, image: { name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer } },
  });
  expect(stored.status(), await stored.text()).toBe(200);
  const { token } = (await stored.json()) as { token: string };
  const checkout = await request.post("/api/checkout", { data: { items: [{ id: productId, productName: productId, imageToken: token }] } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split("/").pop() ?? "";
  await request.post(`/checkout/demo/${sessionId}/pay`, {
    form: { ...PAYER, line2: "", country: "GB", billingSame: "1" },
    maxRedirects: 0,
  });
  const session = (await (await request.get(`/api/checkout/session?id=${sessionId}`)).json()) as { order_id: string };
  return session.order_id;
}

/** The shopper's link, as the email carries it: read by the owner's own call. */
async function shopperLink(page: Page, orderId: string): Promise<string> {
  const headers = { "Sec-Fetch-Site": "same-origin" };
  const order = (await (await page.request.get(`/api/admin/orders/${orderId}`, { headers })).json()) as { hold: { id: string } };
  const hold = (await (await page.request.get(`/api/admin/orders/${orderId}/holds/${order.hold.id}`, { headers })).json()) as {
    url: string;
  };
  return new URL(hold.url).pathname + new URL(hold.url).search;
}

const shoot = (page: Page, name: string) => pictureInBothThemes(page, name, { fullPage: true });

test.describe("needs your input", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone the owner asks about a dark photo, the shopper sends a better one through the link, the owner sends a new proof and the shopper approves; the order and outbox follow; the page reads without JavaScript", async ({
    page,
    request,
    browser,
  }) => {
    const products = await loadCatalogue(request);
    const lithophane = pick(products, "product that needs a photo", (p) => p.requiresImage && !p.requiresGpx);
    const orderId = await paidPhotoOrder(request, lithophane.id);

    // The owner asks, with the shop's own lit render of the photo as the proof.
    await openOrderAsOwner(page, orderId);
    const making = page.getByRole("region", { name: "Making" });
    await making.getByRole("button", { name: "Ask the customer…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Reason")).toHaveValue("photo_quality");
    await expect(dialog.getByLabel("Message")).toHaveValue(/Your photo is quite dark or small/);
    await dialog.getByRole("button", { name: `Add ${lithophane.name}: the lit lithophane` }).click();
    await expect(dialog.getByRole("list", { name: "Chosen proof pictures" }).getByRole("img")).toHaveCount(1);
    await shoot(page, "ask-dialog-phone");
    await dialog.getByRole("button", { name: "Send to the customer" }).click();
    await expect(making.getByText("Stage: Waiting for the customer")).toBeVisible();
    const link = await shopperLink(page, orderId);

    // The shopper, on their phone, through the link: a brighter photo through the product page's own upload.
    const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(shopper, link);
    await expect(shopper.getByRole("heading", { level: 1, name: "Your order needs your input" })).toBeVisible();
    await expect(shopper.getByRole("list", { name: "Proof pictures" }).getByRole("img")).toHaveCount(1);
    await shoot(shopper, "hold-page-phone");
    await shopper.getByLabel("What would you like changed?").fill("Here is a brighter one, taken at noon.");
    const brighter = await jpegPhoto("bright-harbour.jpg");
    await shopper.getByLabel("Your photo").setInputFiles(brighter);
    await expect(shopper.getByText("Uploaded bright-harbour.jpg")).toBeVisible();
    await shopper.getByRole("button", { name: "Send the new file and my message" }).click();
    await expect(shopper.getByRole("status").filter({ hasText: "your message has been sent" })).toBeVisible();

    // The owner sees the answer and sends a new proof round of the new photo.
    await page.reload();
    await expect(making.getByText("Stage: Change asked: send a new proof")).toBeVisible();
    await expect(making.getByText("Here is a brighter one, taken at noon.")).toBeVisible();
    await making.getByLabel("Message with the new proof").fill("Much better: here is how it will look lit.");
    await making.getByRole("button", { name: `Add ${lithophane.name}: the lit lithophane` }).click();
    await making.getByRole("button", { name: "Send the new proof" }).click();
    await expect(making.getByText("Stage: Waiting for the customer")).toBeVisible();

    // The shopper approves the new round from the same link.
    await gotoHydrated(shopper, link);
    await expect(shopper.getByText("Much better: here is how it will look lit.")).toBeVisible();
    await expect(shopper.getByRole("region", { name: "Earlier proofs" })).toContainText("Here is a brighter one, taken at noon.");
    await shopper.getByRole("button", { name: "Approve" }).click();
    await expect(shopper.getByRole("status").filter({ hasText: "Thank you for approving" })).toBeVisible();

    // The order is back in the making, and the outbox has both questions to the shopper.
    await page.reload();
    await expect(making.getByText("Stage: Queued")).toBeVisible();
    const emails = page.getByRole("region", { name: "Emails about this order" });
    await expect(
      emails
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: "hold", exact: true }) })
        .filter({ hasText: PAYER.email }),
    ).toHaveCount(2);

    // Without JavaScript the page still reads, and says the question is answered.
    await readWithoutJavaScript(browser, async (reader) => {
      await reader.goto(link);
      await expect(reader.getByText("You approved it, thank you: your order is back in the making.")).toBeVisible();
    });

    // The hold page on a desktop, for a person to look at.
    if (PICTURES_WANTED) {
      await shopper.setViewportSize({ width: 1280, height: 900 });
      await shoot(shopper, "hold-page-desktop");
    }
    await shopper.close();
  });
});
