import { PageIntro } from "../components/PageIntro";
import { TraderDetails } from "../components/TraderDetails";
import { useShop } from "../lib/use-shop";
import type { RouteHandle } from "./meta";
import { storeJsonLd } from "./store-json-ld";

export const contactHandle: RouteHandle = {
  policy: { audience: "public", sitemap: true },
  meta: (_data, shop) => ({
    title: `Contact · ${shop.name}`,
    description: `Email ${shop.name} about an order or an idea. We reply within 1 business day.`,
    path: "/contact",
    jsonLd: storeJsonLd(shop),
  }),
};

export function ContactPage() {
  const shop = useShop();
  return (
    <div className="container narrow prose">
      <PageIntro title="Contact us" />
      <p>
        Email us at <a href={`mailto:${shop.email}`}>{shop.email}</a> and we will reply within 1 business day.
      </p>
      <p>
        For an order, include your order number (it starts with ORD-). For a new idea, the <a href="/custom-request">custom request form</a>{" "}
        lets you attach sketches, photos and STL files.
      </p>
      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">Who we are</h2>
        <TraderDetails shop={shop} />
      </section>
    </div>
  );
}
