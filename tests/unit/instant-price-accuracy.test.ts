import { describe, expect, test } from "bun:test";
import { measureAccuracy, type SlicedModel } from "../../bench/sliced-accuracy";
import sliced from "../fixtures/sliced-models.json";

// How good instant prices are against a real slicer: PrusaSlicer 2.5's own grams and time for 60 prisms,
// tubes, plates and blocks (bench/sliced-models.ts made tests/fixtures/sliced-models.json; run it again to
// re-slice). Calibrated on ten of them, as an owner would on their first ten jobs, the estimate of the others:

const models = sliced.models as SlicedModel[];

describe("the sliced set", () => {
  test("is 60 closed, one-piece models of the four kinds, 15 of each, sliced at 20 % infill", () => {
    expect(models).toHaveLength(60);
    for (const kind of ["block", "plate", "prism", "tube"]) expect(models.filter((model) => model.kind === kind)).toHaveLength(15);
    for (const { analysis } of models) expect([analysis.watertight, analysis.shells]).toEqual([true, 1]);
    expect(sliced.config).toBe("bench/prusa-mk3s-0.20mm-quality-20pct.ini");
  });

  test("every wall is at least 3 mm: the thinnest side of a block or plate, and each tube's wall in its name", () => {
    for (const { name, kind, analysis } of models) {
      if (kind === "block" || kind === "plate")
        expect({ name, thinnest: Math.min(...analysis.bbox_mm) >= 3 }).toEqual({ name, thinnest: true });
      if (kind === "tube") expect({ name, wall: Number(name.match(/w([\d.]+)x/)?.[1]) >= 3 }).toEqual({ name, wall: true });
    }
  });
});

describe("calibrated on the first ten, the other fifty", () => {
  const report = measureAccuracy(models);

  test("grams are within ±15 % of the slicer's nine times in ten or better", () => {
    expect(report.checked).toBe(50);
    expect(report.gramsWithin15).toBeGreaterThanOrEqual(0.9);
  });

  test("time is within ±25 % of the slicer's eight times in ten or better", () => {
    expect(report.minutesWithin25).toBeGreaterThanOrEqual(0.8);
  });

  test("the error the owner is told holds: at least nine prices in ten of the others are within it", () => {
    expect(report.reportedP90Pct).toBeGreaterThan(0);
    expect(report.withinReportedP90).toBeGreaterThanOrEqual(0.9);
  });
});

describe("whichever ten the owner starts with", () => {
  // Each run of ten in turn: the set's order mixes the four kinds, so every ten holds some of each.
  const runs = [0, 1, 2, 3, 4, 5].map((start) => measureAccuracy([...models.slice(start * 10), ...models.slice(0, start * 10)]));

  test("the targets are met for every run of ten", () => {
    for (const [index, run] of runs.entries()) {
      expect({ index, grams: run.gramsWithin15 >= 0.9, time: run.minutesWithin25 >= 0.8 }).toEqual({ index, grams: true, time: true });
    }
  });

  test("the error told is honest for every run of ten", () => {
    for (const [index, run] of runs.entries()) expect({ index, honest: run.withinReportedP90 >= 0.9 }).toEqual({ index, honest: true });
  });
});
