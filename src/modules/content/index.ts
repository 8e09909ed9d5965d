import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { DeliveryFeeAnswer } from "./model";

export function contentRoutes({ content }: Pick<Deps, "content">) {
  return new Elysia({ name: "content" })
    .get("/api/projects", () => content.listProjects())
    .get("/api/configuration/featured-products", () => ({ featured_products: content.featuredProductIds() }))
    .get("/api/configuration/hero-banner", () => content.heroBanner())
    .get("/api/configuration/delivery-fee", (): DeliveryFeeAnswer => {
      const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
      return { delivery_fee: String(deliveryFeePence), free_delivery_threshold: String(freeDeliveryThresholdPence) };
    });
}
