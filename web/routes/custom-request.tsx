import { SHOP } from "../../shared/shop-info";
import { Island } from "../components/Island";
import { PageIntro } from "../components/PageIntro";
import { CustomRequestForm } from "../islands/CustomRequestForm";
import type { RouteHandle } from "./meta";

export const customRequestHandle: RouteHandle = {
  policy: { audience: "public", sitemap: true },
  meta: (_data, shop) => ({
    title: `Custom print request · ${shop.name}`,
    description: "Ask for a one-off 3D print: send your idea, sketch, photo or STL file and we'll reply with a quote.",
    path: "/custom-request",
  }),
};

export function CustomRequestPage() {
  return (
    <div className="container narrow">
      <PageIntro title="Custom print request" eyebrow="One-off prints">
        <p>
          Describe what you need — a replacement part, a gift, a prototype — and attach a sketch, photo or model file if you have one. We'll
          reply with a quote and a likely dispatch date. {SHOP.replyPromise}
        </p>
      </PageIntro>
      <div className="card">
        <Island name="CustomRequestForm" component={CustomRequestForm} props={{}} />
      </div>
    </div>
  );
}
