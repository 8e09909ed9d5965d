import { describe, expect, test } from "bun:test";
import type { ModelAnalysis, PricingSettings } from "../../shared/instant-prices";
import { type CalibrationJob, fitCalibration, MIN_JOBS_TO_FIT } from "../../src/modules/instant-prices/calibration";
import { priceModel } from "../../src/modules/instant-prices/estimate";
import { type FittedModel, printedCm3, printMinutes, STARTING_MODEL } from "../../src/modules/instant-prices/print-model";
import sliced from "../fixtures/sliced-models.json";

// Fitting the formulae to an owner's sliced jobs, and the error the owner is told.

const settings: PricingSettings = {
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

/** Real variety of shapes to fit over: the analyses of the sliced set. */
const analyses = sliced.models.map((model) => model.analysis as ModelAnalysis);

/** A printer that behaves exactly like these numbers, the owner's jobs sliced on it (the skin is not fitted: 1 mm). */
const KNOWN: FittedModel = {
  jobs: 0,
  p90_error_pct: null,
  shell_mm: 1,
  grams: { shell_fill: 0.9, infill_fill: 0.25, purge_cm3: 0.5 },
  minutes: { startup: 4, per_cm3: 6, per_mm: 0.4, per_cm2: 0.2 },
};
function jobsFrom(model: FittedModel, count: number): CalibrationJob[] {
  return analyses.slice(0, count).map((analysis) => {
    const cm3 = printedCm3(model, analysis);
    return { analysis, grams: cm3 * 1.24, minutes: printMinutes(model, analysis, cm3) };
  });
}

describe("fitting synthetic jobs", () => {
  const { fit, summary } = fitCalibration(jobsFrom(KNOWN, 20), settings);

  test("recovers every known coefficient within 2 %", () => {
    if (!fit) throw new Error("20 jobs must give a fit");
    expect(fit.shell_mm).toBe(1);
    const pairs: Array<[string, number, number]> = [
      ["shell_fill", fit.grams.shell_fill, 0.9],
      ["infill_fill", fit.grams.infill_fill, 0.25],
      ["purge_cm3", fit.grams.purge_cm3, 0.5],
      ["startup", fit.minutes.startup, 4],
      ["per_cm3", fit.minutes.per_cm3, 6],
      ["per_mm", fit.minutes.per_mm, 0.4],
      ["per_cm2", fit.minutes.per_cm2, 0.2],
    ];
    for (const [name, found, known] of pairs) expect({ name, off: Math.abs(found - known) / known <= 0.02 }).toEqual({ name, off: true });
  });

  test("jobs the formulae describe exactly are predicted exactly: 0 % error", () => {
    expect(summary).toEqual({ count: 20, median_error_pct: 0, p90_error_pct: 0 });
  });

  test("the fit is plain JSON: stored and read back, it prices the same", () => {
    const stored = JSON.parse(JSON.stringify(fit)) as FittedModel;
    expect(stored).toEqual(fit as FittedModel);
    const material = settings.materials[0] as PricingSettings["materials"][number];
    const analysis = analyses[30] as ModelAnalysis;
    expect(priceModel({ analysis, quantity: 2, material, settings, fit: stored })).toEqual(
      priceModel({ analysis, quantity: 2, material, settings, fit }),
    );
    expect(stored.jobs).toBe(20);
  });
});

describe("leave-one-out", () => {
  test("a job is predicted by numbers fitted without it: one misread job does not hide its own error", () => {
    const jobs = jobsFrom(KNOWN, 12);
    const truth = (jobs[5] as CalibrationJob).grams;
    jobs[5] = { ...(jobs[5] as CalibrationJob), grams: truth * 2 };
    const { predictions, summary } = fitCalibration(jobs, settings);
    // Fitted on the 11 honest jobs, the prediction is the true figure, far from the misread one.
    expect(Math.abs((predictions[5] as { grams: number }).grams - truth) / truth).toBeLessThan(0.05);
    expect(summary.p90_error_pct as number).toBeGreaterThan(10);
  });

  test("jobs that no fit could explain (time falling as parts grow) still give coefficients of zero or more", () => {
    const jobs = jobsFrom(KNOWN, 12).map((job) => ({ ...job, minutes: 600 / job.grams }));
    const { fit } = fitCalibration(jobs, settings);
    if (!fit) throw new Error("12 jobs must give a fit");
    for (const value of [...Object.values(fit.grams), ...Object.values(fit.minutes)]) expect(value).toBeGreaterThanOrEqual(0);
  });
});

describe("before there are enough jobs", () => {
  test("no jobs: no fit, no error to tell", () => {
    expect(fitCalibration([], settings)).toEqual({
      fit: null,
      summary: { count: 0, median_error_pct: null, p90_error_pct: null },
      predictions: [],
    });
  });

  test(`${MIN_JOBS_TO_FIT - 1} jobs: no fit yet; the starting numbers' error on them is what the owner is told`, () => {
    const jobs = jobsFrom(KNOWN, MIN_JOBS_TO_FIT - 1);
    const { fit, summary, predictions } = fitCalibration(jobs, settings);
    expect(fit).toBeNull();
    expect(summary.count).toBe(MIN_JOBS_TO_FIT - 1);
    expect(summary.median_error_pct as number).toBeGreaterThan(0);
    const first = jobs[0] as CalibrationJob;
    const cm3 = printedCm3(STARTING_MODEL, first.analysis);
    expect(predictions[0]).toEqual({
      grams: Math.round(cm3 * 1.24 * 10) / 10,
      minutes: Math.round(printMinutes(STARTING_MODEL, first.analysis, cm3) * 10) / 10,
    });
  });

  test(`${MIN_JOBS_TO_FIT} jobs give a fit, and its measured error travels with it`, () => {
    const { fit, summary } = fitCalibration(jobsFrom(KNOWN, MIN_JOBS_TO_FIT), settings);
    expect(fit?.jobs).toBe(MIN_JOBS_TO_FIT);
    expect(fit?.p90_error_pct).toBe(summary.p90_error_pct);
  });
});
