import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PUBLIC, routePolicy } from "../../http/route-policy";
import type { DeliveryFeeAnswer } from "./model";

export function contentRoutes({ content }: Pick<Deps, "content">) {
  return new Elysia({ name: "content" })
    .use(routePolicy)
    .get("/api/projects", () => content.listProjects(), { policy: PUBLIC })
    .get("/api/configuration/featured-products", () => ({ featured_products: content.featuredProductIds() }), { policy: PUBLIC })
    .get("/api/configuration/hero-banner", () => content.heroBanner(), { policy: PUBLIC })
    .get(
      "/api/configuration/delivery-fee",
      (): DeliveryFeeAnswer => {
        const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
        return { delivery_fee: String(deliveryFeePence), free_delivery_threshold: String(freeDeliveryThresholdPence) };
      },
      { policy: PUBLIC },
    );
}
