import { useSyncExternalStore } from "react";
import type { BasketItem } from "../../shared/basket";
import { readBasket, serverBasket, subscribeToBasket } from "./basket-store";

/** The basket as React state; server render and first hydration both see it empty. */
export function useBasket(): BasketItem[] {
  return useSyncExternalStore(subscribeToBasket, readBasket, serverBasket);
}
