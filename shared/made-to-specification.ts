/**
 * What a shopper of made-to-order work must be told before paying and in writing after
 * (docs/product.md#cancellation-rights). Goods made to the consumer's specification are outside the
 * 14-day cancellation right (Consumer Contracts Regulations 2013, reg 28(1)(b)); the statutory rights
 * for faulty goods remain. One text, used by the quote page and the emails, so they never say different
 * things.
 */
export const MADE_TO_SPECIFICATION =
  "Made to your specification: because this item is made to your own specification, the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b)). If it arrives faulty or not as described, you are fully covered: contact us and we will repair, replace or refund it.";

/**
 * What an order line's meta says about how it was made (the meta of docs/product.md#order, and the quote of
 * docs/decisions/0014-quotes.md).
 */
type LineMaking = {
  quoteId?: string;
  gpxToken?: string;
  gpxName?: string;
  imageToken?: string;
  imageName?: string;
  modelToken?: string;
  modelName?: string;
};

/**
 * A line made from the shopper's GPX route, photo or own 3D model, or quoted work, is made to their specification
 * (docs/product.md#cancellation-rights).
 */
export function isMadeToSpecification(meta: LineMaking): boolean {
  return Boolean(meta.quoteId || meta.gpxToken || meta.gpxName || meta.imageToken || meta.imageName || meta.modelToken || meta.modelName);
}
