import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { PUBLIC, routePolicy } from "../../http/route-policy";
import { StripeSignatureError } from "../../services/payments/stripe";

/**
 * POST /api/stripe/webhook. The signature is checked on the raw bytes (a
 * parsed-and-reserialised body would never match), then each checkout event
 * goes to the same functions the success page and the sweep use. Replays and
 * out-of-order events are harmless: every handler is idempotent.
 */
export function webhookRoutes({ stripeWebhooks, checkout }: Pick<Deps, "stripeWebhooks" | "checkout">) {
  return new Elysia({ name: "webhooks" }).use(routePolicy).post(
    "/api/stripe/webhook",
    async ({ request }) => {
      if (!stripeWebhooks) throw new NotFound("Stripe is not configured on this shop.");
      const raw = await request.text();
      let event: Awaited<ReturnType<typeof stripeWebhooks.parse>>;
      try {
        event = await stripeWebhooks.parse(raw, request.headers.get("stripe-signature"));
      } catch (error) {
        if (error instanceof StripeSignatureError) throw new BadRequest(error.message);
        throw error;
      }
      const snapshot = event.snapshot;
      if (!snapshot) return { received: true, handled: false };
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          checkout.fulfil(snapshot);
          break;
        case "checkout.session.async_payment_failed":
          checkout.endWithoutPayment(snapshot, "failed");
          break;
        case "checkout.session.expired":
          checkout.endWithoutPayment(snapshot, "expired");
          break;
      }
      return { received: true, handled: true };
    },
    // Stripe's call: nothing in the answer is about anyone.
    { parse: "none", policy: PUBLIC },
  );
}
