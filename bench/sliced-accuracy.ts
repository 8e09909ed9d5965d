/**
 * How close the instant estimate comes to a slicer: calibrate on the first ten sliced models, as an owner
 * would with their first ten jobs, and compare the estimate of every other model with the slicer's own
 * grams and minutes (docs/decisions/0041-instant-price-model.md). Used by bench/sliced-models.ts on a
 * fresh slice and by tests/unit/instant-price-accuracy.test.ts on the committed one.
 */
import type { ModelAnalysis, PricingSettings } from "../shared/instant-prices";
import { fitCalibration } from "../src/modules/instant-prices/calibration";
import { lineCosts } from "../src/modules/instant-prices/estimate";
import { printedCm3, printMinutes } from "../src/modules/instant-prices/print-model";

export type SlicedModel = { name: string; kind: string; analysis: ModelAnalysis; grams: number; minutes: number };

export type AccuracyReport = {
  trainingJobs: number;
  checked: number;
  /** Shares (0–1) of the checked models. */
  gramsWithin15: number;
  minutesWithin25: number;
  worstGramsError: number;
  worstMinutesError: number;
  /** What the owner is shown: nine prices in ten within this many per cent (leave-one-out on the ten). */
  reportedP90Pct: number;
  /** The share of the checked models whose price was within what the owner was shown. */
  withinReportedP90: number;
  errors: Array<{ name: string; grams: number; minutes: number; price: number }>;
};

/** Believable rates for a small shop printing PLA on an MK3S: what the price errors are measured at. */
export const ACCURACY_SETTINGS: PricingSettings = {
  materials: [{ id: "pla", name: "PLA", colours: ["Black"], density_g_cm3: 1.24, price_per_kg_pence: 2500, waste_pct: 5 }],
  printers: [{ id: "mk3s", name: "Prusa MK3S", bed_mm: [250, 210, 210], hourly_pence: 150 }],
  rules: {
    setup_pence: 150,
    minimum_pence: 500,
    markup_pct: 30,
    infill_pct: 20,
    support_bands: [],
    max_overhang_fraction: 0.3,
    auto_limit_pence: 20000,
    instant_on: true,
    review_all: false,
    quantity_breaks: [],
  },
};

export function measureAccuracy(models: SlicedModel[], trainingJobs = 10): AccuracyReport {
  const training = models.slice(0, trainingJobs);
  const checked = models.slice(trainingJobs);
  const { fit, summary } = fitCalibration(training, ACCURACY_SETTINGS);
  if (!fit) throw new Error(`${trainingJobs} jobs are too few to calibrate on`);
  const material = ACCURACY_SETTINGS.materials[0] as PricingSettings["materials"][number];
  const price = (model: SlicedModel, grams: number, minutes: number) =>
    lineCosts({
      gramsEach: grams,
      minutesEach: minutes,
      count: 1,
      material,
      hourlyPence: 150,
      analysis: model.analysis,
      rules: ACCURACY_SETTINGS.rules,
    }).before;
  const errors = checked.map((model) => {
    const cm3 = printedCm3(fit, model.analysis);
    const grams = cm3 * material.density_g_cm3;
    const minutes = printMinutes(fit, model.analysis, cm3);
    const truePrice = price(model, model.grams, model.minutes);
    return {
      name: model.name,
      grams: (grams - model.grams) / model.grams,
      minutes: (minutes - model.minutes) / model.minutes,
      price: Math.abs(price(model, grams, minutes) - truePrice) / truePrice,
    };
  });
  const share = (ok: (error: (typeof errors)[number]) => boolean) => errors.filter(ok).length / errors.length;
  const reportedP90Pct = summary.p90_error_pct ?? Number.NaN;
  return {
    trainingJobs,
    checked: checked.length,
    gramsWithin15: share((e) => Math.abs(e.grams) <= 0.15),
    minutesWithin25: share((e) => Math.abs(e.minutes) <= 0.25),
    worstGramsError: Math.max(...errors.map((e) => Math.abs(e.grams))),
    worstMinutesError: Math.max(...errors.map((e) => Math.abs(e.minutes))),
    reportedP90Pct,
    withinReportedP90: share((e) => e.price * 100 <= reportedP90Pct),
    errors,
  };
}
