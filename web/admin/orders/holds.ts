import type { HoldReason } from "../../../shared/hold-reasons";
import { lineRender } from "../../../shared/proof-renders";
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

/** The shop's own renders of an order's files (shared/proof-renders.ts), each with the line it shows, offered in one tap as proofs. */
export function shopRenders(order: OrderFiles): { url: string; label: string; lineIndex: number }[] {
  return order.items.flatMap((item, lineIndex) => {
    const render = lineRender(item.meta);
    return render ? [{ url: render.url, label: `${item.product_name}: ${render.label}`, lineIndex }] : [];
  });
}
