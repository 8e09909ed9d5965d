import type { Order } from "../../src/modules/orders/model";

/** A paid order with a route map made from a GPX file and a stock item: what the email tests render. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: "ORD-7Q2X",
    status: "paid",
    created_at: "2025-03-14T10:30:00.000Z",
    subtotal_cents: 4250,
    delivery_cents: 395,
    amount_cents: 4645,
    currency: "gbp",
    email: "ada@example.com",
    shipping_name: "Ada Lovelace",
    shipping_line1: "12 Fell View",
    shipping_line2: null,
    shipping_city: "Kendal",
    shipping_postal_code: "LA9 4AB",
    shipping_country: "GB",
    billing_name: null,
    billing_line1: null,
    billing_line2: null,
    billing_city: null,
    billing_postal_code: null,
    billing_country: null,
    tracking_carrier: null,
    tracking_number: null,
    tracking_url: null,
    tracking_notified_at: null,
    payment_session_id: "cs_demo_1",
    refund_required: false,
    stage: "queued",
    stages: [{ stage: "queued", at: "2025-03-14T10:30:00.000Z" }],
    dispatch_by: "2025-03-19",
    dispatch_dates: [],
    items: [
      {
        product_id: "relief-map",
        product_name: "Route relief map",
        unit_price_cents: 3500,
        quantity: 1,
        meta: { variantId: "relief-map-a4", variantName: "A4 walnut frame", gpxName: "helvellyn.gpx" },
      },
      { product_id: "plant-pot", product_name: "Self-watering pot", unit_price_cents: 375, quantity: 2, meta: {} },
    ],
    ...overrides,
  };
}
