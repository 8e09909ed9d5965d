import type { HoldReason } from "../../../shared/hold-reasons";
import type { HoldCreated, HoldView } from "../../../src/modules/holds/model";
import { apiCall, enc } from "../api";
import type { AdminOrder } from "../types";

export type NewHold = {
  reason: HoldReason;
  message: string;
  proof_urls: string[];
  line_index?: number;
  allow_cancel: boolean;
  default_action: "approve" | "wait";
  window_days: number;
};

/** POST /api/admin/orders/{id}/holds: the question sent; answers its id and the shopper's link. */
export function askCustomer(orderId: string, hold: NewHold): Promise<HoldCreated> {
  return apiCall<HoldCreated>(`/api/admin/orders/${enc(orderId)}/holds`, { method: "POST", json: hold });
}

/** GET /api/admin/orders/{id}/holds/{holdId}: every round with the shopper's answers, and their link. */
export function readHold(orderId: string, holdId: string): Promise<HoldView & { url: string }> {
  return apiCall(`/api/admin/orders/${enc(orderId)}/holds/${enc(holdId)}`);
}

/** POST /api/admin/orders/{id}/holds/{holdId}/proofs: the next round after the shopper asked for a change. */
export function sendNewRound(orderId: string, holdId: string, message: string, proofUrls: string[]): Promise<HoldView> {
  return apiCall(`/api/admin/orders/${enc(orderId)}/holds/${enc(holdId)}/proofs`, {
    method: "POST",
    json: { message, proof_urls: proofUrls },
  });
}

/** What a question needs of an order: its id and its lines with their files (an order screen's or a To make card's). */
export type OrderFiles = { id: string; items: Pick<AdminOrder["items"][number], "product_name" | "meta">[] };

/**
 * The shop's own renders of an order's files, offered in one tap as proofs: a photo as the lit lithophane, a route
 * as the relief drawing (the previews the product page shows, src/modules/uploads).
 */
export function shopRenders(order: OrderFiles): { url: string; label: string; lineIndex: number }[] {
  return order.items.flatMap((item, lineIndex) => {
    if (item.meta?.imageToken) {
      return [
        { url: `/api/uploads/${enc(item.meta.imageToken)}/preview.jpg`, label: `${item.product_name}: the lit lithophane`, lineIndex },
      ];
    }
    if (item.meta?.gpxToken) {
      return [{ url: `/api/uploads/${enc(item.meta.gpxToken)}/preview.svg`, label: `${item.product_name}: the route relief`, lineIndex }];
    }
    return [];
  });
}
