import { useEffect, useRef, useState } from "react";
import { addItem, type BasketItem, type ProductFacts } from "../../shared/basket";
import type { AddedLine } from "../islands/parts/AddedPanel";
import { readBasket, writeBasket } from "./basket-store";

/** The 'Added to basket' chip stays for 2 seconds (docs/product.md#product-page). */
const ADDED_CHIP_MS = 2000;

/**
 * Putting a line in the basket from a product page, the one way every purchase part does it: within the product's
 * limits (docs/product.md#quantity-limits) or refused, then the button's brief "Added" and the panel that shows it.
 */
export function useAddToBasket(facts: ProductFacts) {
  const [added, setAdded] = useState(false);
  const [panel, setPanel] = useState<AddedLine | null>(null);
  const [refused, setRefused] = useState(false);
  const chipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (chipTimer.current && clearTimeout(chipTimer.current)), []);

  /** Adds `quantity` of the line; `shown` is the panel to open (none on catalogue cards). False when refused. */
  function put(line: Omit<BasketItem, "key" | "quantity">, shown: AddedLine | null, quantity = 1): boolean {
    const outcome = addItem(readBasket(), line, facts, quantity);
    if (!outcome.ok) {
      setRefused(true);
      return false;
    }
    writeBasket(outcome.items);
    setAdded(true);
    if (chipTimer.current) clearTimeout(chipTimer.current);
    chipTimer.current = setTimeout(() => setAdded(false), ADDED_CHIP_MS);
    if (shown) setPanel(shown);
    return true;
  }

  return { added, refused, panel, put, forgetRefusal: () => setRefused(false), closePanel: () => setPanel(null) };
}
