import type { Database } from "bun:sqlite";
import type { CalibrationSummary, CalibrationView, ModelAnalysis } from "../../../shared/instant-prices";
import { rowId } from "../../db/row-id";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, NotFound } from "../../errors";
import type { StoredExtension, UploadStorage } from "../../services/storage/disk";
import { safeFileName } from "../../services/storage/file-name";
import { type CalibrationJob, fitCalibration } from "./calibration";
import { modelExtension } from "./measure-model";
import { CALIBRATION_MESSAGES } from "./model";
import type { FittedModel } from "./print-model";
import { readModel } from "./read-model";
import type { PricingSettingsStore } from "./settings";
import { readSlicerFigures, SlicerFiguresError } from "./slicer-gcode";

export type CalibrationService = ReturnType<typeof createCalibrationService>;

type JobRow = {
  id: string;
  model_filename: string;
  model_stored_name: string;
  gcode_stored_name: string;
  analysis: string;
  grams: number;
  slicer_minutes: number | null;
  actual_minutes: number | null;
};

/**
 * The slicer's grams and time; a G-code that gives grams but no time is taken when the owner typed the real time
 * (the engine's error carries the grams it found). Cura writes metres: read at the owner's first material's density.
 */
function slicerFigures(
  bytes: Uint8Array,
  filename: string,
  actualMinutes: number | null,
  density = 1.24,
): { grams: number; minutes: number | null } {
  try {
    return readSlicerFigures(bytes, filename, { density_g_cm3: density, diameter_mm: 1.75 });
  } catch (error) {
    if (error instanceof SlicerFiguresError && error.grams !== null && actualMinutes !== null) return { grams: error.grams, minutes: null };
    throw error;
  }
}

/** A sliced job as the owner sends it: the model, the G-code made for it, and the real time if they measured it. */
export type NewCalibrationJob = { model: File | null; gcode: File | null; actualMinutes: number | null };

type Fitted = { fit: FittedModel | null; summary: CalibrationSummary; view: CalibrationView };

/**
 * The owner's sliced jobs (`calibration_jobs`) and the fit worked out from them (calibration.ts). The fit is
 * kept in memory and worked out again when a job is added or removed or the rates change (`forget`), so a
 * price call never repeats the leave-one-out sums.
 */
export function createCalibrationService({
  db,
  storage,
  settings,
  checkDisk,
}: {
  db: Database;
  storage: UploadStorage;
  settings: PricingSettingsStore;
  /** The data volume keeps its floor of free space (uploads/upload-budget.ts). */
  checkDisk: (incomingBytes: number) => void;
}) {
  const all = db.query<JobRow, []>(
    `SELECT id, model_filename, model_stored_name, gcode_stored_name, analysis, grams, slicer_minutes, actual_minutes
     FROM calibration_jobs ORDER BY created_at, id`,
  );
  const insert = db.query(
    `INSERT INTO calibration_jobs (id, model_filename, model_stored_name, gcode_filename, gcode_stored_name, analysis, grams,
       slicer_minutes, actual_minutes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const remove = db.query<{ model_stored_name: string; gcode_stored_name: string }, [string]>(
    "DELETE FROM calibration_jobs WHERE id = ? RETURNING model_stored_name, gcode_stored_name",
  );
  let fitted: Fitted | null = null;

  function current(): Fitted {
    if (fitted) return fitted;
    const rows = all.all();
    const jobs: CalibrationJob[] = rows.map((row) => ({
      analysis: JSON.parse(row.analysis) as ModelAnalysis,
      grams: row.grams,
      // The schema holds one of the two: the owner's clock wins over the slicer's estimate.
      minutes: (row.actual_minutes ?? row.slicer_minutes) as number,
    }));
    const { fit, summary, predictions } = fitCalibration(jobs, settings.get());
    fitted = {
      fit,
      summary,
      view: {
        ...summary,
        jobs: rows.map((row, index) => ({
          id: row.id,
          model_filename: row.model_filename,
          grams: row.grams,
          minutes: jobs[index]?.minutes ?? 0,
          predicted_grams: predictions[index]?.grams ?? 0,
          predicted_minutes: predictions[index]?.minutes ?? 0,
        })),
      },
    };
    return fitted;
  }

  return {
    fit: (): FittedModel | null => current().fit,
    view: (): CalibrationView => current().view,
    forget(): void {
      fitted = null;
    },

    /** Reads both files (a 400 naming what is wrong, nothing stored), stores them, then the row; answers the new accuracy. */
    async add({ model, gcode, actualMinutes }: NewCalibrationJob): Promise<CalibrationSummary & { id: string }> {
      if (!model) throw new BadRequest(CALIBRATION_MESSAGES.modelMissing);
      if (!gcode) throw new BadRequest(CALIBRATION_MESSAGES.gcodeMissing);
      const read = await readModel(new Uint8Array(await model.arrayBuffer()), model.name, settings.get().printers);
      const { analysis } = read.reading;
      const modelBytes = read.bytes;
      const gcodeBytes = new Uint8Array(await gcode.arrayBuffer());
      const figures = slicerFigures(gcodeBytes, gcode.name, actualMinutes, settings.get().materials[0]?.density_g_cm3);
      checkDisk(modelBytes.byteLength + gcodeBytes.byteLength);
      const modelExt = modelExtension(model.name) as StoredExtension;
      const gcodeExt: StoredExtension = /\.3mf$/i.test(gcode.name) ? "3mf" : "gcode";
      const written: string[] = [];
      const id = rowId("cal");
      try {
        written.push(await storage.put(modelBytes, modelExt));
        written.push(await storage.put(gcodeBytes, gcodeExt));
        writeTransaction(db, () =>
          insert.run(
            id,
            safeFileName(model.name, `model.${modelExt}`),
            written[0] as string,
            safeFileName(gcode.name, `sliced.${gcodeExt}`),
            written[1] as string,
            JSON.stringify(analysis),
            figures.grams,
            figures.minutes,
            actualMinutes,
          ),
        );
      } catch (error) {
        for (const name of written) await storage.remove(name);
        throw error;
      }
      fitted = null;
      return { id, ...current().summary };
    },

    /** Deletes a job and its two files; a file whose removal fails is an orphan the clean-up job removes. */
    async remove(id: string): Promise<void> {
      const removed = writeTransaction(db, () => remove.get(id));
      if (!removed) throw new NotFound(CALIBRATION_MESSAGES.notFound);
      fitted = null;
      await storage.remove(removed.model_stored_name).catch(() => undefined);
      await storage.remove(removed.gcode_stored_name).catch(() => undefined);
    },
  };
}
