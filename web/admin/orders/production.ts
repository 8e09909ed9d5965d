import type { OrderStage } from "../../../shared/order-stages";
import { apiCall, enc } from "../api";
import type { AdminOrder } from "../types";

/** POST /api/admin/orders/{id}/stage: one step forward or back; answers the order as it now is. */
export async function moveStage(orderId: string, stage: OrderStage): Promise<AdminOrder> {
  const answer = await apiCall<{ order: AdminOrder }>(`/api/admin/orders/${enc(orderId)}/stage`, { method: "POST", json: { stage } });
  return answer.order;
}

/** POST /api/admin/orders/{id}/dispatch-date: the new promised day and the reason the shopper is emailed. */
export async function moveDispatchDate(orderId: string, dispatchBy: string, reason: string): Promise<AdminOrder> {
  const answer = await apiCall<{ order: AdminOrder }>(`/api/admin/orders/${enc(orderId)}/dispatch-date`, {
    method: "POST",
    json: { dispatch_by: dispatchBy, reason },
  });
  return answer.order;
}
