import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct, setConfig } from "../support/factories";
import { firstMatch, mainOf, textOf, titleOf } from "../support/html";

// The pages name the shop as the owner configured it — footer, header, contact,
// policies, titles, JSON-LD — at once (kept pages are dropped by the write), and the
// policies quote the real figures from configuration
// (docs/decisions/0021-shop-identity-in-configuration.md).

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

const FELLSIDE = {
  shop_name: "Fellside Maps",
  trader_name: "Fellside Prints Ltd",
  trader_address: "3 Mill Yard\nKendal\nLA9 4QR",
  contact_email: "orders@fellside.example",
  vat_number: "GB123456789",
  company_number: "09876543",
};

async function configure(settings: Record<string, string>) {
  for (const [key, value] of Object.entries(settings)) {
    const { status } = await shop.call("/api/admin/configuration", { method: "POST", body: { key, value } });
    expect(status).toBe(200);
  }
}

async function page(path: string): Promise<string> {
  const { status, body } = await shop.html(path);
  expect(status).toBe(200);
  return body;
}

function footerOf(html: string): string {
  return textOf(firstMatch(html, /<footer class="site-footer">([\s\S]*?)<\/footer>/) ?? "");
}

/** The words as a reader sees them: textOf leaves a space where a tag ended before a full stop or comma. */
function seen(html: string): string {
  return textOf(html).replace(/\s+([.,;:])/g, "$1");
}

function jsonLdOf(html: string): Record<string, unknown> | null {
  const json = firstMatch(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return json ? (JSON.parse(json) as Record<string, unknown>) : null;
}

describe("the configured identity on every page", () => {
  test("the footer names the shop and who trades, with the company and VAT numbers", async () => {
    await configure(FELLSIDE);
    const footer = footerOf(await page("/products"));
    expect(footer).toContain("Fellside Maps · Custom 3D prints, made to order in the UK");
    expect(footer).toContain("Fellside Prints Ltd · 3 Mill Yard, Kendal, LA9 4QR · Company number 09876543 · VAT number GB123456789");
    expect(footer).not.toContain("Strata");
  });

  test("an unconfigured shop's footer claims no trader it does not have", async () => {
    const footer = footerOf(await page("/products"));
    expect(footer).toContain("Strata · Custom 3D prints");
    expect(footer).not.toContain("Company number");
    expect(footer).not.toContain("Kendal");
  });

  test("the header, the tab title and the link preview name the configured shop", async () => {
    await configure({ shop_name: "Fellside Maps" });
    const html = await page("/contact");
    expect(titleOf(html)).toBe("Contact · Fellside Maps");
    expect(html).toContain('<meta property="og:site_name" content="Fellside Maps"/>');
    expect(html).toContain('aria-label="Fellside Maps home"');
    expect(html).toContain("&quot;shopName&quot;:&quot;Fellside Maps&quot;");
  });

  test("the contact page gives the contact email and who we are: trader, address, numbers", async () => {
    await configure(FELLSIDE);
    const main = mainOf(await page("/contact"));
    expect(main).toContain('href="mailto:orders@fellside.example"');
    expect(textOf(main)).toContain("Email us at orders@fellside.example and we will reply within 1 business day.");
    expect(textOf(main)).toContain(
      "Who we are Fellside Prints Ltd 3 Mill Yard Kendal LA9 4QR orders@fellside.example Company number 09876543 VAT number GB123456789",
    );
  });

  test("the home and contact pages describe the shop as a schema.org Store from configuration", async () => {
    await configure(FELLSIDE);
    for (const path of ["/", "/contact"]) {
      expect(jsonLdOf(await page(path))).toEqual({
        "@context": "https://schema.org",
        "@type": "Store",
        name: "Fellside Maps",
        description:
          "Fellside Maps prints route relief maps from your GPX files, lithophanes from your photos, and useful things for home and garden — each one made to order in the UK.",
        email: "orders@fellside.example",
        legalName: "Fellside Prints Ltd",
        vatID: "GB123456789",
        identifier: { "@type": "PropertyValue", propertyID: "Company number", value: "09876543" },
        address: { "@type": "PostalAddress", streetAddress: "3 Mill Yard, Kendal", postalCode: "LA9 4QR", addressCountry: "GB" },
      });
    }
  });

  test("a product's JSON-LD names the configured shop as its brand", async () => {
    addProduct(shop.db, { id: "planter", name: "Planter" });
    await configure({ shop_name: "Fellside Maps" });
    expect(jsonLdOf(await page("/products/planter"))?.brand).toEqual({ "@type": "Brand", name: "Fellside Maps" });
  });

  test("a kept page shows a changed name on the very next request", async () => {
    await configure({ shop_name: "Fellside Maps" });
    await page("/contact");
    const hits = shop.app.responseCache.stats().hits;
    expect(titleOf(await page("/contact"))).toBe("Contact · Fellside Maps");
    expect(shop.app.responseCache.stats().hits).toBe(hits + 1);
    await configure({ shop_name: "Borrowdale Relief" });
    expect(titleOf(await page("/contact"))).toBe("Contact · Borrowdale Relief");
  });
});

describe("the announcement bar", () => {
  test("shows the owner's announcement above the header of shop pages once set, and goes when blanked", async () => {
    expect(await page("/")).not.toContain("announcement-bar");
    await configure({ announcement: "Last UK posting for Christmas: 18 December" });
    for (const path of ["/", "/products", "/policies"]) {
      const html = await page(path);
      expect(firstMatch(html, /<p class="announcement-bar"[^>]*>([^<]*)<\/p>/)).toBe("Last UK posting for Christmas: 18 December");
      expect(html.indexOf("announcement-bar")).toBeLessThan(html.indexOf('data-island="SiteHeader"'));
    }
    await configure({ announcement: "" });
    expect(await page("/")).not.toContain("announcement-bar");
  });

  test("is not shown in the owner's /admin", async () => {
    await configure({ announcement: "Closed for a week" });
    expect(await page("/admin")).not.toContain("Closed for a week");
  });
});

describe("honest policies", () => {
  test("quote the delivery fee, free-delivery threshold, default lead time and cut-off from configuration", async () => {
    await configure({ delivery_fee: "650", free_delivery_threshold: "5000", default_lead_time_days: "5", dispatch_cut_off_hour: "11" });
    const text = seen(mainOf(await page("/policies")));
    expect(text).toContain("Delivery: £6.50 per order.");
    expect(text).toContain("Free delivery on orders over £50.");
    expect(text).toContain("dispatched within 5 working days;");
    expect(text).toContain("Orders placed from 11am (UK time) count from the next working day.");
  });

  test("say nothing of free delivery while none is offered, and '1 working day' for one", async () => {
    await configure({ free_delivery_threshold: "0", default_lead_time_days: "1" });
    const text = seen(mainOf(await page("/policies")));
    expect(text).toContain("Delivery: £5.00 per order.");
    expect(text).not.toContain("Free delivery on orders over");
    expect(text).toContain("dispatched within 1 working day;");
  });

  test("keep the returns, shipping and payments text word for word", async () => {
    const text = seen(mainOf(await page("/policies")));
    expect(text).toContain(
      "You can return unused stock items within 14 days of delivery, in their original packaging, for a full refund of the item price.",
    );
    expect(text).toContain("are non-refundable unless faulty.");
    expect(text).toContain("UK shipping is calculated at checkout");
    expect(text).toContain("Payments are taken by card through our payment provider, in pounds sterling (GBP).");
  });

  test("state the cancellation rules: 14 days for stock items, none for made-to-specification goods unless faulty", async () => {
    const text = seen(mainOf(await page("/policies")));
    expect(text).toContain("Stock items: you can cancel for any reason within 14 days of the day you receive them.");
    expect(text).toContain("so the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b)).");
    expect(text).toContain("if it arrives faulty, damaged or not as described, you are fully covered");
  });

  test("give a privacy notice naming each processor and how long each thing is kept, with the configured file retention", async () => {
    setConfig(shop.db, "upload_retention_days", "30");
    const text = seen(mainOf(await page("/policies")));
    for (const processor of ["Stripe, our card provider", "Resend, our email provider", "Our host", "Our backup store"]) {
      expect(text).toContain(processor);
    }
    expect(text).toContain("Deleted 30 days after your order is dispatched");
    expect(text).toContain("files for an order that is never paid are deleted after 14 days.");
    expect(text).toContain("It keeps 7 days of history, so anything we delete is gone from the backup within 7 days.");
    expect(text).toContain("Kept for six years, because HMRC requires business records to be kept that long.");
  });

  test("say files are kept 90 days after dispatch while the owner has set no retention", async () => {
    expect(seen(mainOf(await page("/policies")))).toContain("Deleted 90 days after your order is dispatched");
  });

  test("name the configured trader, address and contact email", async () => {
    await configure(FELLSIDE);
    const main = mainOf(await page("/policies"));
    expect(main).toContain('href="mailto:orders@fellside.example"');
    expect(seen(main)).toContain("Who we are Fellside Prints Ltd 3 Mill Yard Kendal LA9 4QR");
    expect(seen(main)).toContain("Fellside Prints Ltd is responsible for the personal details you give this shop.");
  });
});

describe("made to the shopper's specification, before paying", () => {
  test("a product that needs a GPX file or a photo says so next to its buy button", async () => {
    addProduct(shop.db, { id: "relief-map", name: "Route relief map", requires_gpx: true });
    addProduct(shop.db, { id: "lithophane", name: "Lithophane", requires_image: true });
    for (const path of ["/products/relief-map", "/products/lithophane"]) {
      const main = mainOf(await page(path));
      const note = main.indexOf(MADE_TO_SPECIFICATION);
      expect(note).toBeGreaterThan(main.indexOf('data-island="ProductPurchase"'));
      expect(note).toBeLessThan(main.indexOf('class="dispatch-promise"'));
    }
  });

  test("a stock product does not", async () => {
    addProduct(shop.db, { id: "planter", name: "Planter" });
    expect(await page("/products/planter")).not.toContain("Made to your specification");
  });
});
