import { z } from "zod";

const line = (label: string, max = 120) =>
  z.string().trim().min(1, { error: `Enter your ${label}.` }).max(max, { error: `Your ${label} is too long.` });
const optionalLine = z.string().trim().max(120).optional().transform((value) => value || null);

/** A UK postcode, loosely: what people actually type, with or without the space. */
const postcode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/, { error: "Enter a UK postcode, for example SW1A 1AA." })
  .transform((value) => value.toUpperCase().replace(/\s*(\d[A-Z]{2})$/, " $1"));

/** The demo payment form: email, delivery address, and a billing address only when it differs. */
export const demoPaymentFormSchema = z
  .object({
    email: z.email({ error: "Enter an email address like name@example.com." }),
    name: line("full name"),
    line1: line("address line 1"),
    line2: optionalLine,
    city: line("town or city", 80),
    postalCode: postcode,
    country: z.literal("GB", { error: "We deliver to the United Kingdom only." }),
    billingSame: z.string().optional(),
    billingName: optionalLine,
    billingLine1: optionalLine,
    billingLine2: optionalLine,
    billingCity: optionalLine,
    billingPostalCode: z.string().trim().optional(),
  })
  .superRefine((form, context) => {
    if (form.billingSame) return;
    if (!form.billingName) context.addIssue({ code: "custom", message: "Enter the name on the billing address, or tick 'Billing address is the same'." });
    if (!form.billingLine1) context.addIssue({ code: "custom", message: "Enter billing address line 1, or tick 'Billing address is the same'." });
    if (!form.billingCity) context.addIssue({ code: "custom", message: "Enter the billing town or city, or tick 'Billing address is the same'." });
    if (!postcode.safeParse(form.billingPostalCode ?? "").success) {
      context.addIssue({ code: "custom", message: "Enter the billing postcode, for example SW1A 1AA." });
    }
  });
export type DemoPaymentForm = z.infer<typeof demoPaymentFormSchema>;

/** The fields the page refills after a refused submit. */
export const DEMO_FORM_FIELDS = [
  "email",
  "name",
  "line1",
  "line2",
  "city",
  "postalCode",
  "billingName",
  "billingLine1",
  "billingLine2",
  "billingCity",
  "billingPostalCode",
] as const;

export function normalisePostcode(value: string): string {
  return postcode.parse(value);
}
