/**
 * The instant prices' accuracy against a real slicer (docs/decisions/0041-instant-price-model.md).
 *
 *   bun bench/sliced-models.ts           slices the set afresh with prusa-slicer and reports the accuracy
 *   bun bench/sliced-models.ts --write   the same, and writes the slicer's figures to tests/fixtures/sliced-models.json
 *
 * The set is bench/model-shapes.ts's blocks, plates, prisms and tubes, sliced headless by PrusaSlicer 2.5
 * with bench/prusa-mk3s-0.20mm-quality-20pct.ini (a stock MK3S profile at 20 % infill). The unit test
 * tests/unit/instant-price-accuracy.test.ts checks the committed figures without the slicer.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelAnalysis } from "../shared/instant-prices";
import { parseMesh } from "../shared/mesh-reader";
import { analyseMesh } from "../shared/model-analysis";
import { readSlicerFigures } from "../src/modules/instant-prices/slicer-gcode";
import { binaryStl } from "../tests/support/stl";
import { makeShapes } from "./model-shapes";
import { type AccuracyReport, measureAccuracy, type SlicedModel } from "./sliced-accuracy";

const CONFIG = join(import.meta.dir, "prusa-mk3s-0.20mm-quality-20pct.ini");
const FIXTURE = join(import.meta.dir, "..", "tests", "fixtures", "sliced-models.json");
const SET_SIZE = 60;
const MK3S_BED: [number, number, number] = [250, 210, 210];

/** Slices every shape of the set and reads the slicer's grams and minutes with the shop's own G-code reader. */
export async function sliceModels(count = SET_SIZE): Promise<SlicedModel[]> {
  const folder = mkdtempSync(join(tmpdir(), "sliced-models-"));
  try {
    const models: SlicedModel[] = [];
    for (const shape of makeShapes(count)) {
      const stl = binaryStl(shape.triangles);
      const stlPath = join(folder, `${shape.name}.stl`);
      const gcodePath = join(folder, `${shape.name}.gcode`);
      writeFileSync(stlPath, stl);
      const slicer = Bun.spawn(["prusa-slicer", "--export-gcode", "--load", CONFIG, "-o", gcodePath, stlPath], {
        stdout: "ignore",
        stderr: "pipe",
      });
      if ((await slicer.exited) !== 0) throw new Error(`prusa-slicer failed on ${shape.name}: ${await new Response(slicer.stderr).text()}`);
      const figures = readSlicerFigures(new Uint8Array(await Bun.file(gcodePath).arrayBuffer()), `${shape.name}.gcode`);
      const analysis: ModelAnalysis = analyseMesh(parseMesh(stl, `${shape.name}.stl`), [MK3S_BED]);
      models.push({ name: shape.name, kind: shape.kind, analysis, grams: figures.grams, minutes: Math.round(figures.minutes * 100) / 100 });
      rmSync(gcodePath);
    }
    return models;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** For `bun run bench` or by hand: slice the set afresh and measure the estimate against it. */
export async function slicedAccuracy(): Promise<AccuracyReport> {
  return measureAccuracy(await sliceModels());
}

/** One model a line, measurements to a thousandth of a millimetre: a diff of a fresh slice reads model by model. */
function fixtureText(models: SlicedModel[]): string {
  const thousandths = (value: number) => Math.round(value * 1000) / 1000;
  const lines = models.map((model) => {
    const { analysis } = model;
    const rounded: ModelAnalysis = {
      ...analysis,
      volume_mm3: thousandths(analysis.volume_mm3),
      area_mm2: thousandths(analysis.area_mm2),
      bbox_mm: analysis.bbox_mm.map(thousandths) as ModelAnalysis["bbox_mm"],
      overhang_fraction: thousandths(analysis.overhang_fraction),
    };
    return JSON.stringify({ ...model, analysis: rounded })
      .replaceAll('":', '": ')
      .replaceAll(',"', ', "');
  });
  return `{\n "slicer": "PrusaSlicer 2.5.0",\n "config": "bench/prusa-mk3s-0.20mm-quality-20pct.ini",\n "models": [\n  ${lines.join(",\n  ")}\n ]\n}\n`;
}

export function printAccuracy(report: AccuracyReport): void {
  const pct = (value: number) => `${Math.round(value * 1000) / 10} %`;
  console.log(`Instant prices against PrusaSlicer 2.5, calibrated on ${report.trainingJobs} jobs, checked on ${report.checked} others:`);
  console.log(`  grams within ±15 %: ${pct(report.gramsWithin15)} of models (target 90 %); worst ${pct(report.worstGramsError)}`);
  console.log(`  time within ±25 %:  ${pct(report.minutesWithin25)} of models (target 80 %); worst ${pct(report.worstMinutesError)}`);
  console.log(
    `  the owner is told prices are within ±${report.reportedP90Pct} % nine times in ten; on the others ${pct(report.withinReportedP90)} were`,
  );
}

if (import.meta.main) {
  const models = await sliceModels();
  if (process.argv.includes("--write")) {
    writeFileSync(FIXTURE, fixtureText(models));
    console.log(`Wrote ${models.length} sliced models to ${FIXTURE}`);
  }
  printAccuracy(measureAccuracy(models));
}
