import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import type { DemoCustomer } from "../../services/payments/demo";
import { sessionIdSchema } from "../checkout/model";
import { DEMO_FORM_FIELDS, demoPaymentFormSchema, normalisePostcode, type DemoPaymentForm } from "./model";

/**
 * The built-in demo checkout's two actions. The page itself is a normal
 * server-rendered route (web/routes/checkout.demo.tsx) whose form posts here,
 * so paying works with JavaScript switched off.
 */
export function demoCheckoutRoutes({ demoPayments, checkout }: Pick<Deps, "demoPayments" | "checkout">) {
  const app = new Elysia({ name: "demo-checkout" });
  if (!demoPayments) return app;

  const pagePath = (id: string) => `/checkout/demo/${encodeURIComponent(id)}`;
  const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });
  const openSession = (id: string) => {
    const parsed = sessionIdSchema.safeParse(id);
    const session = parsed.success ? demoPayments.session(parsed.data) : null;
    if (!session) throw new NotFound("There is no such test payment. Go back to your basket and check out again.");
    return session;
  };

  return app
    .post("/checkout/demo/:sessionId/pay", ({ params, body }) => {
      const session = openSession(params.sessionId);
      if (session.status !== "open") return redirect(pagePath(session.id));
      const form = demoPaymentFormSchema.safeParse(body ?? {});
      if (!form.success) {
        // Back to the form with the problem and what was typed, so nothing needs retyping.
        const query = new URLSearchParams({ error: form.error.issues[0]?.message ?? "Check the form and try again." });
        const typed = (body ?? {}) as Record<string, unknown>;
        for (const field of DEMO_FORM_FIELDS) if (typeof typed[field] === "string" && typed[field]) query.set(field, typed[field]);
        if (!typed.billingSame) query.set("billingSame", "0");
        return redirect(`${pagePath(session.id)}?${query}`);
      }
      const snapshot = demoPayments.pay(session.id, customerOf(form.data));
      if (snapshot) checkout.fulfil(snapshot);
      return redirect(session.successUrl);
    })
    .get("/checkout/demo/:sessionId/cancel", async ({ params }) => {
      const session = openSession(params.sessionId);
      if (session.status === "open") await checkout.cancel(session.id);
      return redirect(session.cancelUrl);
    });
}

function customerOf(form: DemoPaymentForm): DemoCustomer {
  const shipping = {
    name: form.name,
    line1: form.line1,
    line2: form.line2,
    city: form.city,
    postalCode: form.postalCode,
    country: form.country,
  };
  const billing = form.billingSame
    ? shipping
    : {
        name: form.billingName,
        line1: form.billingLine1,
        line2: form.billingLine2,
        city: form.billingCity,
        postalCode: normalisePostcode(form.billingPostalCode ?? ""),
        country: "GB",
      };
  return { email: form.email, shipping, billing };
}
