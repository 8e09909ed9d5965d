import { SHOP } from "../../shared/shop-info";
import { PageIntro } from "../components/PageIntro";
import type { RouteHandle } from "./meta";

export const contactHandle: RouteHandle = {
  policy: { audience: "public", sitemap: true },
  meta: () => ({
    title: `Contact · ${SHOP.name}`,
    description: `Email ${SHOP.name} about an order or an idea. We reply within 1 business day.`,
    path: "/contact",
  }),
};

export function ContactPage() {
  return (
    <div className="container narrow prose">
      <PageIntro title="Contact us" />
      <p>
        Email us at <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> and we will reply within 1 business day.
      </p>
      <p>
        For an order, include your order number (it starts with ORD-). For a new idea, the <a href="/custom-request">custom request form</a>{" "}
        lets you attach sketches, photos and STL files.
      </p>
      <p className="muted">{SHOP.location}</p>
    </div>
  );
}
