import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";

/** Issue 16: said beside the buy button of a product made from the shopper's file, before they pay. */
export function MadeToSpecificationNote() {
  return <p className="made-to-specification hint">{MADE_TO_SPECIFICATION}</p>;
}
