import type { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { ukToday } from "../../shared/uk-day";
import type { OwnerShop } from "./admin";
import { confirmCheckout, payDemo, sessionIdOf } from "./checkout";

/** A custom request with one attachment, as the public form would have stored it. */
export function seedCustomRequest(db: Database, id = "req-1"): void {
  db.query("INSERT INTO custom_requests (id, name, email, details) VALUES (?, ?, ?, ?)").run(
    id,
    "Grace Hopper",
    "grace@example.com",
    "A bracket for a shelf, in blue PETG.",
  );
  db.query(
    "INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(`att-${id}`, id, "Bracket v2.stl", `r_stored_${id}.stl`, "model/stl", 12);
}

/** A UK date `days` after today (negative: before). */
export function ukDay(days: number): string {
  const today = new Date(`${ukToday(new Date())}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Two lines (£25 + £15), five working days, valid for two weeks. */
export const goodQuote = () => ({
  lines: [
    { description: "Bracket, printed in blue PETG", amount_cents: 2500 },
    { description: "Design time", amount_cents: 1500 },
  ],
  lead_time_days: 5,
  valid_until: ukDay(14),
  message: "Two brackets as drawn; say if you want them thicker.",
});

export function sendQuote(shop: OwnerShop, body: unknown, requestId = "req-1") {
  return shop.call<{ id?: string; url?: string; error?: string }>(`/api/admin/custom-requests/${requestId}/quotes`, {
    method: "POST",
    body,
  });
}

/** The id and token of a quote sent with `body`, read from the link the answer gives. */
export async function sentQuote(shop: OwnerShop, body: unknown = goodQuote(), requestId = "req-1"): Promise<{ id: string; token: string }> {
  const { status, body: created } = await sendQuote(shop, body, requestId);
  expect(status).toBe(201);
  const url = new URL(created.url ?? "");
  return { id: created.id ?? "", token: url.searchParams.get("t") ?? "" };
}

/** The shopper accepts, pays on the demo checkout and the success page confirms: the order id and the session. */
export async function acceptAndPay(shop: OwnerShop, id: string, token: string): Promise<{ orderId: string; sessionId: string }> {
  const accepted = await shop.json<{ url?: string }>(`/api/quotes/${id}/accept`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ t: token }),
  });
  expect(accepted.status).toBe(200);
  const sessionId = sessionIdOf(accepted.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirmed.status).toBe(200);
  return { orderId: confirmed.body.orderId, sessionId };
}
