import type { PriceAnswer, PriceRequest } from "../../shared/instant-prices";
import { formatPence } from "../../shared/money";
import { formatUkDay } from "../../shared/uk-day";

/** A material as the product page offers it: what the shopper picks from (the owner's Pricing page sets them). */
export type OfferedMaterial = { id: string; name: string; colours: string[] };

/** Most copies one price covers: as many as one checkout holds (the server refuses more with its own words). */
export const MODEL_MAX_COPIES = 20;

/** ×25.4: a model drawn in inches, printed in millimetres. */
export const INCH_SCALE = 25.4;

export const BY_HAND = "We'll price this by hand within one working day";

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";
const FAILED = "The price could not be worked out just now. Please try again.";

/** `POST /api/models/price`: the answer, or the server's words for a refusal. */
export async function askPrice(request: PriceRequest): Promise<{ answer: PriceAnswer } | { error: string }> {
  let response: Response;
  try {
    response = await fetch("/api/models/price", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
    });
  } catch {
    return { error: UNREACHABLE };
  }
  const body = (await response.json().catch(() => null)) as (PriceAnswer & { error?: string }) | null;
  if (!response.ok || !body || typeof body.status !== "string") return { error: body?.error || FAILED };
  return { answer: body };
}

/** "Tuesday 8 December": the day the line is promised, in words. */
const dispatchDay = (answer: PriceAnswer) => formatUkDay(answer.dispatch_by, { year: false });

/**
 * Whether the estimate is shown as a range: before the shop's printers are calibrated on ten of its own jobs,
 * unless both ends are the same (the minimum charge holds for both).
 */
export const isRange = (answer: PriceAnswer) => !answer.calibrated && answer.range_pence[0] !== answer.range_pence[1];

/**
 * The price's headline: "£18.40 — dispatched by Tuesday 8 December", or before calibration the range,
 * "£16.00 to £21.00 — dispatched by …" (what is charged then is said on the line under it).
 */
export function priceHeadline(answer: PriceAnswer): string {
  const [low, high] = answer.range_pence;
  const price =
    isRange(answer) || answer.amount_pence === null ? `${formatPence(low)} to ${formatPence(high)}` : formatPence(answer.amount_pence);
  return `${price} — dispatched by ${dispatchDay(answer)}`;
}

const grams = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const hours = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "About 42 g of PLA and 3.5 hours of printing". */
export function workText(answer: PriceAnswer, materialName: string): string {
  return `About ${grams.format(answer.grams)} g of ${materialName} and ${hours.format(answer.hours)} hours of printing`;
}

const size = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** "42.0 × 30.0 × 12.5 mm" at the scale it would be printed. */
export function sizeText(bbox: [number, number, number], scale: number): string {
  return `${bbox.map((side) => size.format(side * scale)).join(" × ")} mm`;
}
