import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";

/** Said beside the buy button of a product made from the shopper's file, before they pay (docs/product.md#cancellation-rights). */
export function MadeToSpecificationNote() {
  return <p className="made-to-specification hint">{MADE_TO_SPECIFICATION}</p>;
}
