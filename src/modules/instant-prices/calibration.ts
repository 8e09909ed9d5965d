/**
 * Fitting the grams and minutes formulae (print-model.ts) to the owner's own sliced jobs, and measuring
 * honestly how close the prices come: each job is priced by numbers fitted without it (leave-one-out),
 * against the price of the slicer's own grams and time at the same rates
 * (docs/decisions/0041-instant-price-model.md).
 */
import type { CalibrationSummary, ModelAnalysis, PricingSettings } from "../../../shared/instant-prices";
import { lineCosts, pricingPrinter } from "./estimate";
import { nonNegativeLeastSquares } from "./least-squares";
import { type FittedModel, printedCm3, printFeatures, printMinutes, STARTING_MODEL } from "./print-model";

/** One sliced job: the model's measurements and what the slicer (or the owner's clock) said it took. */
export type CalibrationJob = { analysis: ModelAnalysis; grams: number; minutes: number };

/**
 * Fewer jobs than this leave the formulae's four time terms barely determined once one job is held out:
 * the starting numbers are used until then, and their error on the owner's jobs is what is reported.
 */
export const MIN_JOBS_TO_FIT = 5;
/** When the shop has no material yet, jobs are read as PLA's grams. */
const PLA_DENSITY = 1.24;

export function fitCalibration(
  jobs: CalibrationJob[],
  settings: PricingSettings,
): { fit: FittedModel | null; summary: CalibrationSummary; predictions: Array<{ grams: number; minutes: number }> } {
  // The slicer's grams are of the owner's usual material, taken to be the first one they list.
  const density = settings.materials[0]?.density_g_cm3 ?? PLA_DENSITY;
  const predict = (model: FittedModel, job: CalibrationJob) => {
    const cm3 = printedCm3(model, job.analysis);
    return { grams: cm3 * density, minutes: printMinutes(model, job.analysis, cm3) };
  };
  const enough = jobs.length >= MIN_JOBS_TO_FIT;
  // Each job's prediction by numbers that never saw it: the starting numbers, or a fit to the others.
  const heldOut = jobs.map((job, index) =>
    predict(
      enough
        ? fitModel(
            jobs.filter((_, other) => other !== index),
            density,
          )
        : STARTING_MODEL,
      job,
    ),
  );
  const errors = jobs.map((job, index) => {
    const actual = jobPrice(job, job.grams, job.minutes, settings);
    const predicted = jobPrice(job, (heldOut[index] as { grams: number }).grams, (heldOut[index] as { minutes: number }).minutes, settings);
    return actual > 0 ? (Math.abs(predicted - actual) / actual) * 100 : 0;
  });
  const summary: CalibrationSummary = {
    count: jobs.length,
    median_error_pct: percentile(errors, 0.5),
    p90_error_pct: ninetyInTen(errors),
  };
  const fit = enough ? { ...fitModel(jobs, density), p90_error_pct: summary.p90_error_pct } : null;
  return {
    fit,
    summary,
    predictions: heldOut.map(({ grams, minutes }) => ({ grams: round1(grams), minutes: round1(minutes) })),
  };
}

/**
 * Least squares in relative terms (each job weighs by its own size), so a large print does not drown the
 * small ones. The skin's thickness is not fitted: on parts thicker than twice the skin, only the skin's
 * thickness times its extra fill shows in the grams, so jobs cannot tell the two apart; it is kept at
 * the starting 1 mm, which is what decides how much of a thin part prints solid.
 */
function fitModel(jobs: CalibrationJob[], density: number): FittedModel {
  const { shell_mm } = STARTING_MODEL;
  const printed = jobs.map((job) => job.grams / density);
  const gramsRows = jobs.map((job) => {
    const f = printFeatures(job.analysis, shell_mm);
    return [f.shell_cm3, f.volume_cm3 - f.shell_cm3, 1];
  });
  const [shell_fill = 0, infill_fill = 0, purge_cm3 = 0] = nonNegativeLeastSquares(
    gramsRows,
    printed,
    printed.map((cm3) => 1 / Math.max(cm3, 1e-6) ** 2),
  );
  // Time is fitted on the filament the slicer laid down, so the coefficients mean what they say.
  const timeRows = jobs.map((job, r) => [1, printed[r] as number, job.analysis.bbox_mm[2], job.analysis.area_mm2 / 100]);
  const [startup = 0, per_cm3 = 0, per_mm = 0, per_cm2 = 0] = nonNegativeLeastSquares(
    timeRows,
    jobs.map((job) => job.minutes),
    jobs.map((job) => 1 / Math.max(job.minutes, 1e-6) ** 2),
  );
  return {
    jobs: jobs.length,
    p90_error_pct: null,
    shell_mm,
    grams: { shell_fill, infill_fill, purge_cm3 },
    minutes: { startup, per_cm3, per_mm, per_cm2 },
  };
}

/** One part at the shop's rates, before any minimum charge: what the error is measured on. */
function jobPrice(job: CalibrationJob, grams: number, minutes: number, settings: PricingSettings): number {
  const material = settings.materials[0];
  if (!material) return 0;
  const { printer } = pricingPrinter(job.analysis, settings.printers);
  const costs = lineCosts({
    gramsEach: grams,
    minutesEach: minutes,
    count: 1,
    material,
    hourlyPence: printer?.hourly_pence ?? 0,
    analysis: job.analysis,
    rules: settings.rules,
  });
  return costs.before;
}

/**
 * The error nine prices in ten stay within, said so that it holds for the owner's next models and not only
 * for the jobs measured: the 90th percentile of a handful of errors is as often below the true one as above.
 * The figure given is the smallest of the sorted errors that is at or above the true 90th percentile with
 * 80 % confidence (an order statistic's binomial bound); with fewer than 16 jobs no measured error is, so the
 * largest is given, widened by the share of jobs that could still lie beyond it (one in n + 1).
 */
function ninetyInTen(errors: number[]): number | null {
  if (errors.length === 0) return null;
  const sorted = [...errors].sort((a, b) => a - b);
  const n = sorted.length;
  for (let k = 1; k <= n; k++) {
    if (binomialAtMost(k - 1, n, 0.9) >= CONFIDENCE) return round1(sorted[k - 1] as number);
  }
  return round1((sorted[n - 1] as number) * (1 + 1 / (n + 1)));
}

const CONFIDENCE = 0.8;

/** P(X ≤ k) for X ~ Binomial(n, p). */
function binomialAtMost(k: number, n: number, p: number): number {
  let sum = 0;
  let term = (1 - p) ** n; // P(X = 0)
  for (let x = 0; x <= k; x++) {
    sum += term;
    term *= ((n - x) / (x + 1)) * (p / (1 - p));
  }
  return sum;
}

/** Nearest-rank percentile, to one decimal place; null with no values. */
function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round1(sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] as number);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
