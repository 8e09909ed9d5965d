import { type FormEvent, useRef, useState } from "react";
import type { CalibrationJobView, CalibrationSummary, CalibrationView } from "../../../shared/instant-prices";
import { apiCall, enc } from "../api";
import { WholeNumberField } from "../fields";
import { AdminTable, AmountCell, deleteRow, Notice, ResultNotice } from "../parts";
import { useLoad } from "../use-load";
import { useSave } from "../use-save";
import { CALIBRATION_PATH } from "./pricing-form";

/** From this many jobs on, shoppers see one figure instead of a range (the engine's rule). */
const CALIBRATED_FROM_JOBS = 10;

const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 95 → "1 h 35 min"; 40 → "40 min". */
export function minutesText(minutes: number): string {
  const rounded = Math.round(minutes);
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return hours === 0 ? `${rest} min` : `${hours} h ${String(rest).padStart(2, "0")} min`;
}

/**
 * How close the instant prices are, in the owner's words: from the 90th-percentile leave-one-out
 * error ("within ±12 % nine times in ten"), rounded up so it never flatters; before enough jobs,
 * that shoppers see ranges.
 */
export function accuracyText(summary: CalibrationSummary): string {
  const { count, p90_error_pct: p90, median_error_pct: median } = summary;
  if (count < CALIBRATED_FROM_JOBS || p90 === null) {
    const jobs = count === 1 ? "1 job" : `${count} jobs`;
    return `Shoppers see prices as ranges until ${CALIBRATED_FROM_JOBS} of your sliced jobs are here (${jobs} so far).`;
  }
  const half = median === null ? "" : `, and within ±${Math.ceil(median)} % half the time`;
  return `Instant prices are within ±${Math.ceil(p90)} % nine times in ten${half}, measured on ${count} of your jobs.`;
}

/**
 * The owner's sliced jobs: a model with the G-code their slicer made for it (and the real printing time
 * if they know it). Each pair teaches the estimate their printers; the line above the list says how
 * close it now is.
 */
export function CalibrationCard() {
  const calibration = useLoad(() => apiCall<CalibrationView>(CALIBRATION_PATH), "Unable to load the sliced jobs");
  const saving = useSave();
  const [minutes, setMinutes] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const jobs: CalibrationJobView[] = calibration.data?.jobs ?? [];

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const model = data.get("model");
    const gcode = data.get("gcode");
    if (!(model instanceof File) || model.size === 0 || !(gcode instanceof File) || gcode.size === 0) {
      saving.result.fail("Choose the model and the G-code your slicer made for it.");
      return;
    }
    const body = new FormData();
    body.append("model", model);
    body.append("gcode", gcode);
    if (minutes.trim() !== "") body.append("actual_minutes", minutes.trim());
    await saving.save(async () => {
      await apiCall(CALIBRATION_PATH, { method: "POST", form: body });
      form.current?.reset();
      setMinutes("");
      saving.result.succeed(`Added ${model.name}.`);
      await calibration.reload();
    }, "Unable to add this job. Try again.");
  }

  return (
    <section className="card admin-section admin-pricing__card" aria-labelledby="calibration-title">
      <h2 id="calibration-title">Calibration</h2>
      <p className="hint">
        Add jobs you really printed: the model and the G-code your slicer made for it (PrusaSlicer, OrcaSlicer, Bambu Studio or Cura; a
        .gcode file or a .3mf with the G-code inside). The estimate learns your printers from them.
      </p>
      {calibration.data && (
        <p className="admin-pricing__accuracy" data-testid="pricing-accuracy">
          {accuracyText(calibration.data)}
        </p>
      )}
      <form ref={form} className="admin-pricing__upload" onSubmit={add} aria-label="Add a sliced job" noValidate>
        <div className="field">
          <label htmlFor="calibration-model">Model (STL, OBJ or 3MF)</label>
          <input id="calibration-model" name="model" type="file" accept=".stl,.obj,.3mf" disabled={saving.busy} />
        </div>
        <div className="field">
          <label htmlFor="calibration-gcode">G-code (or .gcode.3mf)</label>
          <input id="calibration-gcode" name="gcode" type="file" accept=".gcode,.gco,.g,.3mf" disabled={saving.busy} />
        </div>
        <WholeNumberField
          id="calibration-minutes"
          label="Real printing time (minutes)"
          hint="Optional: leave blank to use the slicer's estimate."
          value={minutes}
          onChange={setMinutes}
        />
        <div className="admin-pricing__upload-actions">
          <button type="submit" className="button button--primary" disabled={saving.busy}>
            {saving.busy ? "Adding…" : "Add job"}
          </button>
        </div>
      </form>
      <ResultNotice state={saving.result} />
      <Notice tone="error">{calibration.error}</Notice>
      {jobs.length === 0 ? (
        !calibration.error && <p className="muted">{calibration.loading ? "Loading sliced jobs…" : "No sliced jobs yet."}</p>
      ) : (
        <AdminTable
          label="Sliced jobs"
          className="admin-table--cards"
          columns={[
            "Model",
            { label: "Grams", align: "num" },
            { label: "Predicted", align: "num" },
            { label: "Time", align: "num" },
            { label: "Predicted", align: "num" },
            "Actions",
          ]}
        >
          {jobs.map((job) => (
            <tr key={job.id}>
              <td data-label="Model" className="admin-pricing__model">
                {job.model_filename}
              </td>
              <AmountCell label="Grams">{whole.format(job.grams)} g</AmountCell>
              <AmountCell label="Predicted grams">{whole.format(job.predicted_grams)} g</AmountCell>
              <AmountCell label="Time">{minutesText(job.minutes)}</AmountCell>
              <AmountCell label="Predicted time">{minutesText(job.predicted_minutes)}</AmountCell>
              <td data-label="Actions">
                <button
                  type="button"
                  className="button button--ghost admin-button--small admin-button--danger"
                  aria-label={`Delete ${job.model_filename}`}
                  onClick={() =>
                    void deleteRow(saving.result, {
                      question: `Delete the job ${job.model_filename}? The estimate is fitted again without it.`,
                      path: `${CALIBRATION_PATH}/${enc(job.id)}`,
                      name: job.model_filename,
                      reload: calibration.reload,
                    })
                  }
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
