import { expect } from "bun:test";
import sharp from "sharp";
import type { OwnerShop } from "./admin";
import { DEMO_FORM } from "./checkout";

/** A question the owner asks, as the admin's "Ask the customer…" sends it; each test changes what it is about. */
export const ASK = {
  reason: "photo_quality",
  message: "Your photo is quite dark, so the lithophane would come out muddy. Could you send a brighter one?",
  proof_urls: ["/media/feeder-proof.jpg"],
  allow_cancel: true,
  default_action: "wait",
} as const;

export type HoldCreatedAnswer = { id: string; url: string };

export type HoldAnswer = {
  id: string;
  status: string;
  reason: string;
  message: string;
  proofs: { url: string }[];
  since: string;
  window_ends: string;
  allow_cancel: boolean;
  versions: { version: number; message: string; answer: string | null; answer_message: string | null }[];
};

export function askCustomer(shop: OwnerShop, orderId: string, body: unknown = ASK) {
  return shop.call<HoldCreatedAnswer & { error?: string }>(`/api/admin/orders/${orderId}/holds`, { method: "POST", body });
}

/** The token in the shopper's link. */
export function tokenOf(url: string): string {
  return new URL(url).searchParams.get("t") ?? "";
}

/** A shopper's answer as the hold page's script sends it: JSON from the shop's own page. */
export function answerHold(shop: OwnerShop, orderId: string, holdId: string, kind: "approve" | "changes" | "cancel", body: unknown) {
  return shop.json<HoldAnswer & { error?: string }>(`/api/orders/${orderId}/holds/${holdId}/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify(body),
  });
}

export function readHold(shop: OwnerShop, orderId: string, holdId: string, token: string | null) {
  const query = token === null ? "" : `?t=${encodeURIComponent(token)}`;
  return shop.json<HoldAnswer & { error?: string }>(`/api/orders/${orderId}/holds/${holdId}${query}`);
}

/** The shopper's own view of the order, with the postcode they paid with. */
export function shopperOrder(shop: OwnerShop, orderId: string) {
  return shop.json<{ stage: string | null; stages: { stage: string; at: string }[]; hold: unknown; dispatch_by: string | null }>(
    `/api/orders/${orderId}?postalCode=${encodeURIComponent(DEMO_FORM.postalCode)}`,
  );
}

/** A shopper's photo of one flat colour for a product's line, through the product page's own upload call: its token. */
export async function uploadPhoto(shop: OwnerShop, productId: string, background = "#806040"): Promise<string> {
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("productId", productId);
  form.append("image", new File([bytes], "photo.jpg", { type: "image/jpeg" }));
  const stored = await shop.json<{ token: string }>("/api/image/upload", { method: "POST", body: form });
  expect(stored.status).toBe(200);
  return stored.body.token;
}
