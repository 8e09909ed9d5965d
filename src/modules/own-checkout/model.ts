import { z } from "zod";

/**
 * Every problem the demo payment form can report, keyed by a code. The page
 * shows only these texts: nothing a visitor sends is ever echoed as a message.
 */
export const DEMO_FORM_ERRORS = {
  email: "Enter an email address like name@example.com.",
  name: "Enter your full name.",
  nameTooLong: "Your full name is too long.",
  line1: "Enter your address line 1.",
  line1TooLong: "Your address line 1 is too long.",
  lineTooLong: "An address line is too long.",
  city: "Enter your town or city.",
  cityTooLong: "Your town or city is too long.",
  postalCode: "Enter a UK postcode, for example SW1A 1AA.",
  country: "We deliver to the United Kingdom only.",
  billingName: "Enter the name on the billing address, or tick 'Billing address is the same'.",
  billingLine1: "Enter billing address line 1, or tick 'Billing address is the same'.",
  billingCity: "Enter the billing town or city, or tick 'Billing address is the same'.",
  billingPostalCode: "Enter the billing postcode, for example SW1A 1AA.",
  form: "Check the form and try again.",
} as const;
export type DemoFormErrorCode = keyof typeof DEMO_FORM_ERRORS;

const line = (missing: DemoFormErrorCode, tooLong: DemoFormErrorCode, max = 120) =>
  z
    .string({ error: DEMO_FORM_ERRORS[missing] })
    .trim()
    .min(1, { error: DEMO_FORM_ERRORS[missing] })
    .max(max, { error: DEMO_FORM_ERRORS[tooLong] });
const optionalLine = z
  .string()
  .trim()
  .max(120, { error: DEMO_FORM_ERRORS.lineTooLong })
  .optional()
  .transform((value) => value || null);

/** A UK postcode, loosely: what people actually type, with or without the space. */
const postcode = z
  .string({ error: DEMO_FORM_ERRORS.postalCode })
  .trim()
  .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/, { error: DEMO_FORM_ERRORS.postalCode })
  .transform((value) => value.toUpperCase().replace(/\s*(\d[A-Z]{2})$/, " $1"));

/** The demo payment form: email, delivery address, and a billing address only when it differs. */
export const demoPaymentFormSchema = z
  .object({
    email: z.email({ error: DEMO_FORM_ERRORS.email }),
    name: line("name", "nameTooLong"),
    line1: line("line1", "line1TooLong"),
    line2: optionalLine,
    city: line("city", "cityTooLong", 80),
    postalCode: postcode,
    country: z.literal("GB", { error: DEMO_FORM_ERRORS.country }),
    billingSame: z.string().optional(),
    billingName: optionalLine,
    billingLine1: optionalLine,
    billingLine2: optionalLine,
    billingCity: optionalLine,
    billingPostalCode: z.string().trim().optional(),
  })
  .superRefine((form, context) => {
    if (form.billingSame) return;
    if (!form.billingName) context.addIssue({ code: "custom", message: DEMO_FORM_ERRORS.billingName });
    if (!form.billingLine1) context.addIssue({ code: "custom", message: DEMO_FORM_ERRORS.billingLine1 });
    if (!form.billingCity) context.addIssue({ code: "custom", message: DEMO_FORM_ERRORS.billingCity });
    if (!postcode.safeParse(form.billingPostalCode ?? "").success) {
      context.addIssue({ code: "custom", message: DEMO_FORM_ERRORS.billingPostalCode });
    }
  });
export type DemoPaymentForm = z.infer<typeof demoPaymentFormSchema>;

/** The code of a schema message; anything unforeseen is the general one. */
export function demoFormErrorCode(message: string | undefined): DemoFormErrorCode {
  const codes = Object.keys(DEMO_FORM_ERRORS) as DemoFormErrorCode[];
  return codes.find((code) => DEMO_FORM_ERRORS[code] === message) ?? "form";
}

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

/** A refused form, re-shown by the page: the problem's code and what was typed. */
export type DemoFormState = {
  errorCode: DemoFormErrorCode;
  typed: Partial<Record<(typeof DEMO_FORM_FIELDS)[number] | "billingSame", string>>;
};

export function normalisePostcode(value: string): string {
  return postcode.parse(value);
}
