/**
 * An instant price for a shopper's model at the owner's rates (docs/decisions/0041-instant-price-model.md):
 * grams and printer hours from print-model.ts, then material + machine + setup + support, marked up, less
 * the quantity break, never below the minimum charge; and the gates that send a model to the owner instead.
 * Pure: the server reads the model, the settings and the fit, and answers with this.
 */

import type {
  ModelAnalysis,
  PriceAnswer,
  PricingMaterial,
  PricingPrinter,
  PricingRules,
  PricingSettings,
} from "../../../shared/instant-prices";
import { printersThatFit } from "../../../shared/model-analysis";
import { formatPence } from "../../../shared/money";
import { type FittedModel, printedCm3, printMinutes, STARTING_MODEL } from "./print-model";

/** From this many of the owner's sliced jobs the price is one figure; before, a range. */
export const CALIBRATED_JOBS = 10;
/**
 * How far either side of the estimate the range reaches before the owner's jobs have measured the error:
 * the starting numbers were fitted on another printer, so a shop's own may differ by this much.
 */
export const UNCALIBRATED_SPREAD_PCT = 30;

/** Why a model goes to the owner: each a sentence the shopper reads under "We'll price this by hand". */
export const REVIEW_REASONS = {
  instantOff: "Instant prices are switched off at the moment, so we price every model by hand.",
  reviewAll: "We look at every model before giving a price.",
  notWatertight: "The model's surface has holes (it is not watertight), so we need to check it will print.",
  severalShells: (shells: number) =>
    `The file holds ${shells.toLocaleString("en-GB")} separate parts; we price parts that are not joined by hand.`,
  fitsNoPrinter: "At this size the model is larger than the bed of every printer we have.",
  overhang: (pct: number) => `About ${pct} % of the model's surface overhangs and needs supports; we'll check how best to print it.`,
  overLimit: (limitPence: number) => `Prices over ${formatPence(limitPence, { dropZeroPence: true })} are checked by hand.`,
} as const;

export type PriceInput = {
  analysis: ModelAnalysis;
  quantity: number;
  material: PricingMaterial;
  settings: PricingSettings;
  /** The owner's calibration, or null for the starting numbers. */
  fit: FittedModel | null;
};

export function priceModel({ analysis, quantity, material, settings, fit }: PriceInput): Omit<PriceAnswer, "dispatch_by"> {
  const model = fit ?? STARTING_MODEL;
  const { rules } = settings;
  const cm3 = printedCm3(model, analysis);
  const gramsEach = cm3 * material.density_g_cm3;
  const minutesEach = printMinutes(model, analysis, cm3);
  const { printer, fits } = pricingPrinter(analysis, settings.printers);

  const costsFor = (count: number) =>
    lineCosts({ gramsEach, minutesEach, count, material, hourlyPence: printer?.hourly_pence ?? 0, analysis, rules });
  const costs = costsFor(quantity);
  // A break must never make more parts cost less than fewer: the total is at least what one fewer than
  // each break reached would have cost.
  let total = costs.afterBreak;
  for (const { from } of rules.quantity_breaks) if (from > 1 && from <= quantity) total = Math.max(total, costsFor(from - 1).afterBreak);
  const discount_pence = costs.before - total;
  const amount = Math.max(total, rules.minimum_pence);

  const calibrated = (fit?.jobs ?? 0) >= CALIBRATED_JOBS;
  const spreadPct = model.p90_error_pct ?? UNCALIBRATED_SPREAD_PCT;
  const range_pence: [number, number] = [
    Math.max(rules.minimum_pence, Math.round(total * (1 - Math.min(spreadPct, 100) / 100))),
    Math.max(rules.minimum_pence, Math.round(total * (1 + spreadPct / 100))),
  ];

  const reasons = reviewReasons(analysis, fits, amount, settings);
  return {
    status: reasons.length === 0 ? "instant" : "review",
    amount_pence: reasons.length === 0 ? amount : null,
    range_pence,
    calibrated,
    breakdown: {
      material_pence: costs.material_pence,
      machine_pence: costs.machine_pence,
      setup_pence: costs.setup_pence,
      support_pence: costs.support_pence,
      markup_pence: costs.markup_pence,
      discount_pence,
      minimum_top_up_pence: amount - total,
    },
    grams: round(gramsEach * quantity, 1),
    hours: round((minutesEach * quantity) / 60, 2),
    reasons,
  };
}

/** The price lines for `count` parts of `gramsEach` and `minutesEach`: before the minimum charge, in whole pence. */
export function lineCosts(input: {
  gramsEach: number;
  minutesEach: number;
  count: number;
  material: PricingMaterial;
  hourlyPence: number;
  analysis: ModelAnalysis;
  rules: PricingRules;
}) {
  const { gramsEach, minutesEach, count, material, hourlyPence, analysis, rules } = input;
  const material_pence = Math.round(((gramsEach * (1 + material.waste_pct / 100) * material.price_per_kg_pence) / 1000) * count);
  const machine_pence = Math.round(((minutesEach * hourlyPence) / 60) * count);
  const setup_pence = rules.setup_pence * count;
  const support_pence = Math.round(((material_pence + machine_pence) * supportSurchargePct(analysis, rules.support_bands)) / 100);
  const markup_pence = Math.round(((material_pence + machine_pence + setup_pence + support_pence) * rules.markup_pct) / 100);
  const before = material_pence + machine_pence + setup_pence + support_pence + markup_pence;
  const afterBreak = before - Math.round((before * breakPct(count, rules.quantity_breaks)) / 100);
  return { material_pence, machine_pence, setup_pence, support_pence, markup_pence, before, afterBreak };
}

/**
 * The printer a part is priced on: the cheapest whose bed holds it. One that fits no bed goes to the owner,
 * its figures priced on the dearest printer, so a larger part is never shown a lower figure than a smaller one.
 */
export function pricingPrinter(
  analysis: ModelAnalysis,
  printers: PricingPrinter[],
): { printer: PricingPrinter | undefined; fits: boolean } {
  const fits = printersThatFit(analysis.bbox_mm, printers);
  const fitting = cheapest(printers.filter((candidate) => fits.includes(candidate.id)));
  return fitting ? { printer: fitting, fits: true } : { printer: dearest(printers), fits: false };
}

function reviewReasons(analysis: ModelAnalysis, fitsAPrinter: boolean, amount: number, { rules }: PricingSettings): string[] {
  const reasons: string[] = [];
  if (!rules.instant_on) reasons.push(REVIEW_REASONS.instantOff);
  else if (rules.review_all) reasons.push(REVIEW_REASONS.reviewAll);
  if (!analysis.watertight) reasons.push(REVIEW_REASONS.notWatertight);
  if (analysis.shells > 1) reasons.push(REVIEW_REASONS.severalShells(analysis.shells));
  if (!fitsAPrinter) reasons.push(REVIEW_REASONS.fitsNoPrinter);
  if (analysis.overhang_fraction > rules.max_overhang_fraction)
    reasons.push(REVIEW_REASONS.overhang(Math.round(analysis.overhang_fraction * 100)));
  if (amount > rules.auto_limit_pence) reasons.push(REVIEW_REASONS.overLimit(rules.auto_limit_pence));
  return reasons;
}

/** The surcharge of the highest band the model's overhang is over. */
function supportSurchargePct(analysis: ModelAnalysis, bands: PricingRules["support_bands"]): number {
  let pct = 0;
  for (const band of bands) if (analysis.overhang_fraction > band.overhang_over) pct = Math.max(pct, band.surcharge_pct);
  return pct;
}

/** The discount of the largest break the quantity reaches. */
function breakPct(quantity: number, breaks: PricingRules["quantity_breaks"]): number {
  let pct = 0;
  let reached = 0;
  for (const { from, discount_pct } of breaks) {
    if (quantity >= from && from >= reached) {
      reached = from;
      pct = discount_pct;
    }
  }
  return pct;
}

function cheapest<T extends { hourly_pence: number }>(printers: T[]): T | undefined {
  return printers.reduce<T | undefined>((best, printer) => (!best || printer.hourly_pence < best.hourly_pence ? printer : best), undefined);
}

function dearest<T extends { hourly_pence: number }>(printers: T[]): T | undefined {
  return printers.reduce<T | undefined>((best, printer) => (!best || printer.hourly_pence > best.hourly_pence ? printer : best), undefined);
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
