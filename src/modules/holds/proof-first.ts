import { HOLD_DEFAULTS, PREPARED_MESSAGES } from "../../../shared/hold-reasons";
import { lineRender } from "../../../shared/proof-renders";
import type { Product } from "../catalog/model";
import type { OrderItemMeta } from "../orders/model";
import { isProofPicture, MAX_PROOFS, type NewHoldRequest } from "./model";

/** What the question needs to know of an order line: its product and its files. */
type PaidLine = { product_id: string; meta: OrderItemMeta };

export type ProofFirstParts = {
  /** The product as the shop sells it now (live only), with its flag and pictures. */
  productOf: (id: string) => Pick<Product, "proofBeforeMaking" | "images"> | null;
  /** Whether a line's file can still be drawn: the upload is stored (a photo's file too). */
  canDraw: (token: string, kind: "image" | "gpx") => boolean;
  publicUrl: string;
};

/**
 * The question a paid order opens with when it has "Proof before making" lines (docs/decisions/0048-order-holds.md),
 * or null: an order from a quote (its lines are the quote's, not products) and an order with no flagged line have
 * none. The proof of each flagged line is the shop's own render of its file; a line whose file cannot be drawn (gone,
 * or none to draw) shows its product's own picture instead, and a line with neither shows nothing, so the question is
 * always asked and the order never waits on a drawing. The message and the settings are those "Ask the customer…"
 * starts with; the question is about the line when only one is flagged, so a replacement file can come back for it.
 */
export function proofFirstQuestion(lines: readonly PaidLine[], parts: ProofFirstParts): NewHoldRequest | null {
  if (lines.some((line) => line.meta.quoteId)) return null;
  const flagged = lines.flatMap((line, index) => {
    const product = parts.productOf(line.product_id);
    return product?.proofBeforeMaking ? [{ line, index, product }] : [];
  });
  if (flagged.length === 0) return null;
  const proofs = flagged.flatMap(({ line, product }) => {
    const render = lineRender(line.meta);
    if (render && parts.canDraw(render.token, render.kind)) return [render.url];
    const picture = product.images.map((image) => image.url).find((url) => isProofPicture(url, parts.publicUrl));
    return picture ? [picture] : [];
  });
  return {
    reason: "approve_proof",
    message: PREPARED_MESSAGES.approve_proof,
    proof_urls: [...new Set(proofs)].slice(0, MAX_PROOFS),
    ...(flagged.length === 1 ? { line_index: flagged[0]!.index } : {}),
    allow_cancel: HOLD_DEFAULTS.allowCancel,
    default_action: HOLD_DEFAULTS.defaultAction,
    window_days: HOLD_DEFAULTS.windowDays,
  };
}
