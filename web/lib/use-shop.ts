import { useRouteLoaderData } from "react-router";
import { DEFAULT_SHOP_IDENTITY, type ShopIdentity } from "../../shared/shop-info";

/**
 * The shop's configured identity, read by the root loader on every request.
 * Server-rendered pages and components only: an island gets what it needs as a prop.
 */
export function useShop(): ShopIdentity {
  return useRouteLoaderData<{ shop: ShopIdentity }>("root")?.shop ?? DEFAULT_SHOP_IDENTITY;
}
