import { quoteLineText } from "../../../shared/quote-view";
import { penceToPoundsText, poundsTextToPence, wholeOrBlank } from "../parts";
import type { QuoteDraft } from "../types";

/**
 * One priced line as the owner types it; `key` keeps React's rows apart while lines come and go. `amount` is the
 * price of one in pounds; the line costs amount × quantity (decision 0027).
 */
export type QuoteFormLine = { key: number; description: string; amount: string; quantity: string };

/** The quote editor's fields as typed: amounts in pounds ("45.00"), days and dates as text. */
export type QuoteForm = {
  lines: QuoteFormLine[];
  /** Blank: the shop's delivery rule decides (the server works it out). */
  delivery: string;
  leadTime: string;
  validUntil: string;
  message: string;
};

/** A quote is valid for 14 days unless the owner says otherwise (docs/product.md#writing-a-quote). */
const DEFAULT_VALID_DAYS = 14;

const ukDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** The UK calendar date `days` after `now`'s UK date, as YYYY-MM-DD: the server reads valid_until as a UK day. */
export function ukDateInDays(now: Date, days: number): string {
  const [year, month, day] = ukDate.format(now).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

let nextLineKey = 1;

export function blankLine(): QuoteFormLine {
  return { key: nextLineKey++, description: "", amount: "", quantity: "1" };
}

export function emptyQuoteForm(now: Date = new Date()): QuoteForm {
  return { lines: [blankLine()], delivery: "", leadTime: "", validUntil: ukDateInDays(now, DEFAULT_VALID_DAYS), message: "" };
}

/**
 * The editor opened on a request "Ask for a price" sent: its lines, lead time and note as the shop's estimate
 * filled them in, for the owner to check and change (docs/decisions/0043-pricing-page-and-model-purchase.md).
 */
export function quoteFormFromDraft(draft: QuoteDraft, now: Date = new Date()): QuoteForm {
  return {
    ...emptyQuoteForm(now),
    lines: draft.lines.map((line) => ({
      key: nextLineKey++,
      description: line.description,
      amount: penceToPoundsText(line.amount_cents),
      quantity: String(line.quantity),
    })),
    leadTime: String(draft.lead_time_days),
    message: draft.message ?? "",
  };
}

/**
 * The body of POST /api/admin/custom-requests/{id}/quotes. Nothing is judged
 * here: a figure that is not one goes as null, so the server's own message
 * (src/modules/quotes/model.ts) says what to fix, and the form keeps what was typed.
 */
export function quoteBody(form: QuoteForm) {
  const delivery = form.delivery.trim() === "" ? undefined : poundsTextToPence(form.delivery);
  return {
    lines: form.lines.map((line) => ({
      description: line.description,
      amount_cents: poundsTextToPence(line.amount),
      quantity: wholeOrBlank(line.quantity) ?? null,
    })),
    ...(delivery === undefined ? {} : { delivery_cents: delivery }),
    lead_time_days: wholeOrBlank(form.leadTime) ?? null,
    valid_until: form.validUntil,
    ...(form.message.trim() ? { message: form.message } : {}),
  };
}

/**
 * What the preview shows: each line as "2 × …" with its price of one and its total (null while either is not a
 * figure), delivery (null = the shop's rule) and the sum of what is known.
 */
export function quotePreview(form: QuoteForm) {
  const lines = form.lines.map((line) => {
    const each = poundsTextToPence(line.amount);
    const quantity = wholeOrBlank(line.quantity);
    const description = line.description.trim();
    return {
      key: line.key,
      description,
      label: typeof quantity === "number" && description ? quoteLineText({ quantity, description }) : description,
      each: quantity !== null && quantity !== undefined && quantity > 1 ? each : null,
      pence: each === null || typeof quantity !== "number" ? null : each * quantity,
    };
  });
  const linesTotal = lines.reduce((sum, line) => sum + (line.pence ?? 0), 0);
  const delivery = form.delivery.trim() === "" ? null : poundsTextToPence(form.delivery);
  return { lines, delivery, deliveryByRule: form.delivery.trim() === "", linesTotal, total: linesTotal + (delivery ?? 0) };
}

/** "1 working day", "10 working days". */
export function workingDays(days: number): string {
  return `${days} working ${days === 1 ? "day" : "days"}`;
}
