import { z } from "zod";
import { HOLD_DEFAULTS, HOLD_REASONS, type HoldReason } from "../../../shared/hold-reasons";
import type { HoldStatus } from "../../../shared/order-stages";

export { REASON_LABELS } from "../../../shared/hold-reasons";
export type { HoldReason };

/** The shortest and longest window, in working days, a hold may be given (the default is HOLD_DEFAULTS'). */
const MIN_WINDOW_DAYS = 1;
const MAX_WINDOW_DAYS = 60;
const MAX_MESSAGE = 2000;
export const MAX_PROOFS = 12;

/** The same answer for an unknown hold, a wrong token and no token, so neither can be probed. */
export const HOLD_NOT_FOUND = "This question was not found. Please use the link from your email.";

export const HOLD_MESSAGES = {
  body: "Send the question as JSON with reason, message, proof_urls, allow_cancel and default_action.",
  reason: `The reason must be one of ${HOLD_REASONS.join(", ")}.`,
  message: "Write the message the customer will read.",
  messageTooLong: `The message can be at most ${MAX_MESSAGE} characters.`,
  proofUrls: "proof_urls must be a list of picture addresses (an empty list when there is nothing to show).",
  tooManyProofs: `A question can show at most ${MAX_PROOFS} pictures.`,
  proofUrl:
    "Each proof picture must be one the shop serves: a /media/… picture (the admin image upload gives one) or an upload's preview (/api/uploads/…/preview.jpg).",
  lineIndex: "line_index must be the number of one of the order's lines, counting from 0.",
  allowCancel: "allow_cancel must be true or false.",
  defaultAction: 'default_action must be "approve" or "wait".',
  windowDays: `window_days must be a whole number of working days from ${MIN_WINDOW_DAYS} to ${MAX_WINDOW_DAYS}.`,
  alreadyOpen: "This order already has a question waiting for the customer. Wait for the answer, or send a new proof round on it.",
  dispatched: "This order has already been dispatched, so there is nothing left to ask the customer about.",
  newRoundNotAsked: (status: HoldStatus) =>
    `A new proof round follows the customer's request for a change; this question is ${STATUS_WORDS[status]}.`,
  changesMessage: "Tell us what you would like changed.",
  replacement: "The replacement file was not found. Upload it again, then send your answer.",
  replacementKind: "The replacement must be the same kind of file as the one on your order: a route for a route, a photo for a photo.",
  replacementProduct: "The replacement must be uploaded on the same product's page as the file it replaces.",
  replacementNoLine: "This question is not about one of your files, so there is nothing to replace. Send your message without a file.",
  cancelNotOffered: "Cancelling was not offered for this question. Reply to the email if you would like to talk about it.",
} as const;

/** A hold's status in words, for the refusals that name it. */
const STATUS_WORDS: Record<HoldStatus, string> = {
  waiting: "waiting for your answer",
  approved: "already approved",
  changes_requested: "waiting for our new proof after your request for a change",
  cancelled: "already cancelled",
  lapsed: "closed: its time to answer ran out",
};

/** An answer to a hold that is no longer waiting: 409 naming its state. */
export function closedHoldMessage(status: HoldStatus): string {
  return `This question is ${STATUS_WORDS[status]}, so it cannot be answered again.`;
}

const message = z
  .string({ error: HOLD_MESSAGES.message })
  .trim()
  .min(1, { error: HOLD_MESSAGES.message })
  .max(MAX_MESSAGE, { error: HOLD_MESSAGES.messageTooLong });

/**
 * A picture the shop itself serves, relative or absolute on the shop's address: a catalogue or owner-uploaded
 * picture under /media/, or an upload's preview drawing. Anything else (another site, a script URL) is refused, so
 * the shopper's page only ever shows the shop's own pictures.
 */
function proofUrlSchema(publicUrl: string) {
  return z.string({ error: HOLD_MESSAGES.proofUrl }).refine((text) => isProofPicture(text, publicUrl), HOLD_MESSAGES.proofUrl);
}

const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const PREVIEW_PATH = /^\/api\/uploads\/[A-Za-z0-9_-]+\/preview\.(jpg|png|svg)$/;

export function isProofPicture(text: string, publicUrl: string): boolean {
  const origin = new URL(publicUrl).origin;
  if (text.length > 500) return false;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return false;
  }
  const relative = text.startsWith("/") && !text.startsWith("//");
  if (!relative && !text.startsWith(`${origin}/`)) return false;
  if (url.origin !== origin || url.hash || text.includes("..")) return false;
  if (MEDIA_PATH.test(url.pathname)) return url.search === "";
  return PREVIEW_PATH.test(url.pathname) && (url.search === "" || url.search === "?size=thumb");
}

/** POST /api/admin/orders/{id}/holds. */
export function newHoldSchema(publicUrl: string) {
  return z.object(
    {
      reason: z.enum(HOLD_REASONS, { error: HOLD_MESSAGES.reason }),
      message,
      proof_urls: z
        .array(proofUrlSchema(publicUrl), { error: HOLD_MESSAGES.proofUrls })
        .max(MAX_PROOFS, { error: HOLD_MESSAGES.tooManyProofs }),
      line_index: z
        .number({ error: HOLD_MESSAGES.lineIndex })
        .int({ error: HOLD_MESSAGES.lineIndex })
        .min(0, { error: HOLD_MESSAGES.lineIndex })
        .optional(),
      allow_cancel: z.boolean({ error: HOLD_MESSAGES.allowCancel }),
      default_action: z.enum(["approve", "wait"], { error: HOLD_MESSAGES.defaultAction }),
      window_days: z
        .number({ error: HOLD_MESSAGES.windowDays })
        .int({ error: HOLD_MESSAGES.windowDays })
        .min(MIN_WINDOW_DAYS, { error: HOLD_MESSAGES.windowDays })
        .max(MAX_WINDOW_DAYS, { error: HOLD_MESSAGES.windowDays })
        .default(HOLD_DEFAULTS.windowDays),
    },
    { error: HOLD_MESSAGES.body },
  );
}
export type NewHoldRequest = z.infer<ReturnType<typeof newHoldSchema>>;

/** POST /api/admin/orders/{id}/holds/{holdId}/proofs. */
export function newRoundSchema(publicUrl: string) {
  return z.object(
    {
      message,
      proof_urls: z
        .array(proofUrlSchema(publicUrl), { error: HOLD_MESSAGES.proofUrls })
        .max(MAX_PROOFS, { error: HOLD_MESSAGES.tooManyProofs }),
    },
    { error: HOLD_MESSAGES.body },
  );
}
export type NewRoundRequest = z.infer<ReturnType<typeof newRoundSchema>>;

/** The shopper's message with "Ask for a change": required. */
export const changesMessageSchema = z
  .string({ error: HOLD_MESSAGES.changesMessage })
  .trim()
  .min(1, { error: HOLD_MESSAGES.changesMessage })
  .max(MAX_MESSAGE, { error: HOLD_MESSAGES.messageTooLong });

/** One proof round as the shopper and the owner read it. */
type HoldVersionView = {
  version: number;
  message: string;
  proofs: { url: string }[];
  sent_at: string;
  answer: "approved" | "changes_requested" | "cancelled" | "lapsed" | null;
  answer_message: string | null;
  answered_at: string | null;
};

/** GET /api/orders/{orderId}/holds/{id}?t= as the call contract fixes it, with the order line it is about. */
export type HoldView = {
  id: string;
  order_id: string;
  status: HoldStatus;
  reason: HoldReason;
  message: string;
  proofs: { url: string }[];
  since: string;
  window_ends: string;
  allow_cancel: boolean;
  default_action: "approve" | "wait";
  line_index: number | null;
  /** The order line the question is about, and which of its files a replacement takes the place of. */
  line: { product_id: string; product_name: string; file: "gpx" | "image" | null } | null;
  versions: HoldVersionView[];
};

/** The owner's answer to a hold made: its id and the shopper's absolute link. */
export type HoldCreated = { id: string; url: string };
