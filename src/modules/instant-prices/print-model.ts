/**
 * The formulae that turn a model's measurements into printed grams and printer minutes, and the fitted
 * numbers they use (docs/decisions/0041-instant-price-model.md). The estimate (estimate.ts) prices with
 * them; calibration (calibration.ts) fits them to the owner's sliced jobs.
 *
 *   shell cm³   = min(volume, area × shell_mm)               walls, floors and roofs print solid, and a
 *                                                             thin part is all shell, never more than its volume
 *   printed cm³ = shell_fill × shell + infill_fill × (volume − shell) + purge_cm3
 *   grams       = printed cm³ × the material's density
 *   minutes     = startup + per_cm3 × printed cm³ + per_mm × height + per_cm2 × area
 */
import type { ModelAnalysis } from "../../../shared/instant-prices";

/** The fitted numbers: plain JSON, stored as they are and read back by the estimate. */
export type FittedModel = {
  /** How many of the owner's sliced jobs the numbers were fitted to (0: the shop's starting numbers). */
  jobs: number;
  /** Nine prices in ten were within this many per cent of the slicer's, leave-one-out; null before it was measured. */
  p90_error_pct: number | null;
  /** Thickness of the solid skin (two 0.45 mm perimeters; five or so 0.2 mm top and bottom layers), mm. */
  shell_mm: number;
  grams: { shell_fill: number; infill_fill: number; purge_cm3: number };
  minutes: { startup: number; per_cm3: number; per_mm: number; per_cm2: number };
};

/**
 * The starting numbers, before the owner's own jobs: least squares over all 60 models PrusaSlicer 2.5
 * sliced for an Original Prusa MK3S at 0.2 mm layers and 20 % infill (bench/sliced-models.ts,
 * tests/fixtures/sliced-models.json), rounded, with the skin 1 mm thick. The slicer's estimate leaves out heating the bed and
 * nozzle, which the fit therefore puts at nothing; a real print spends a few minutes on it, so the
 * start-up is set at 3 minutes. Faster printers than an MK3S print in less time, which is why prices
 * are a range until the owner's own jobs are in.
 */
export const STARTING_MODEL: FittedModel = {
  jobs: 0,
  p90_error_pct: null,
  shell_mm: 1,
  grams: { shell_fill: 0.94, infill_fill: 0.2, purge_cm3: 0 },
  minutes: { startup: 3, per_cm3: 5.5, per_mm: 0.53, per_cm2: 0 },
};

/** The measurements the formulae read, in cm³, cm² and mm. */
export type PrintFeatures = { volume_cm3: number; shell_cm3: number; area_cm2: number; height_mm: number };

export function printFeatures(analysis: ModelAnalysis, shellMm: number): PrintFeatures {
  const volume_cm3 = analysis.volume_mm3 / 1000;
  return {
    volume_cm3,
    shell_cm3: Math.min(volume_cm3, (analysis.area_mm2 * shellMm) / 1000),
    area_cm2: analysis.area_mm2 / 100,
    height_mm: analysis.bbox_mm[2],
  };
}

/** Cubic centimetres of filament one part takes. */
export function printedCm3(model: FittedModel, analysis: ModelAnalysis): number {
  const f = printFeatures(analysis, model.shell_mm);
  const { shell_fill, infill_fill, purge_cm3 } = model.grams;
  return shell_fill * f.shell_cm3 + infill_fill * (f.volume_cm3 - f.shell_cm3) + purge_cm3;
}

/** Minutes one part takes on the printer, from the filament it takes, its height and its surface. */
export function printMinutes(model: FittedModel, analysis: ModelAnalysis, cm3: number): number {
  const { startup, per_cm3, per_mm, per_cm2 } = model.minutes;
  return startup + per_cm3 * cm3 + per_mm * analysis.bbox_mm[2] + (per_cm2 * analysis.area_mm2) / 100;
}
