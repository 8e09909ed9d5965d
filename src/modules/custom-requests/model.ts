import { z } from "zod";
import type { AttachmentExtension } from "../../services/storage/disk";

/**
 * The answer to a good POST /api/custom-request (docs/product.md#public-calls): its reference and the files kept,
 * under the names the owner will see (sanitised: src/services/storage/file-name.ts), so the form's confirmation can
 * say what was sent.
 */
export type CustomRequestCreated = { id: string; attachments: { filename: string }[] };

export const CAPTCHA_MISSING = "Please complete the captcha.";
export const CAPTCHA_FAILED = "The captcha could not be verified. Please try again.";
export const TOO_MANY_FILES = "You can attach up to 5 files.";
export const NOT_FILES = "Attachments must be files.";
/** Per address: a person sends one or two; a spammer gets no further. */
export const SENDS_PER_WINDOW = 5;
export const SEND_WINDOW_MS = 10 * 60_000;
/** ALTCHA puzzles per address: one per form shown, with room for a few reloads. */
export const CHALLENGES_PER_MINUTE = 30;
export const TOO_MANY_SENDS = "Too many requests sent from here. Please wait a few minutes and try again.";
export const NOT_MULTIPART = "Send the form as multipart/form-data.";
export const BODY_TOO_LARGE = "The request is too large. Attach up to 5 files of 5 MB each.";
export const FORM_UNREADABLE = "The form could not be read. Please try again.";
export const fileTooLarge = (name: string) => `${name} is larger than 5 MB.`;
export const fileNotAllowed = (name: string) => `${name} is not an STL, OBJ, PDF or image file.`;

const LIMITS = { name: 100, email: 254, details: 5000, material: 60, color: 60 } as const;

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).min(1, { error: message }).max(max, { error: tooLong });
const optional = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => (value ? value : null));

/** The text fields of the form, already trimmed by the route (see formText). */
export const customRequestFieldsSchema = z.object({
  name: required("Please enter your name.", LIMITS.name, `Your name can be at most ${LIMITS.name} characters.`),
  email: z
    .string({ error: "Please enter your email address." })
    .min(1, { error: "Please enter your email address." })
    .max(LIMITS.email, { error: "Please enter a valid email address." })
    .pipe(z.email({ error: "Please enter a valid email address." })),
  details: required("Please describe what you would like printed.", LIMITS.details, `Details can be at most ${LIMITS.details} characters.`),
  material: optional(LIMITS.material, `Material can be at most ${LIMITS.material} characters.`),
  color: optional(LIMITS.color, `Colour can be at most ${LIMITS.color} characters.`),
});
export type CustomRequestFields = z.infer<typeof customRequestFieldsSchema>;

/**
 * The quote a request made by "Ask for a price" on a model carries (migrations/0032_model_quote_drafts.sql): lines
 * the estimate filled in, so the owner's quote editor opens with them. The shape of a new quote's lines
 * (src/modules/quotes/model.ts) without the days only the owner decides (valid until, delivery).
 */
export type QuoteDraft = {
  lines: { description: string; amount_cents: number; quantity: number }[];
  lead_time_days: number;
  message: string | null;
};

/** An attachment that passed every check, ready to store. */
export type CheckedAttachment = {
  /** The sender's name for it, sanitised: for display only, never a path. */
  filename: string;
  /** What the bytes are, not what the browser claimed. */
  contentType: string;
  /** The stored file's extension, from the same check. */
  extension: AttachmentExtension;
  bytes: Uint8Array;
};
