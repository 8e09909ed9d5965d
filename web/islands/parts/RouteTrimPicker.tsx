import { MAX_TRIM_M } from "../../../shared/gpx-limits";
import { type RouteTrim as Trim, trimFits } from "../../../shared/route-trim";

/** 0 to 1000 m in steps of 100 (the server takes any whole number of metres up to 1000). */
const TRIM_STEPS = Array.from({ length: MAX_TRIM_M / 100 + 1 }, (_, i) => i * 100);

/** "The first 500 m and the last 300 m of your route are hidden and not kept." — or that the whole route is kept. */
function trimSentence({ startM, endM }: Trim): string {
  if (startM === 0 && endM === 0) return "The whole route is kept.";
  const parts = [startM > 0 ? `the first ${startM} m` : null, endM > 0 ? `the last ${endM} m` : null].filter(Boolean).join(" and ");
  return `${parts.charAt(0).toUpperCase()}${parts.slice(1)} of your route ${startM > 0 && endM > 0 ? "are" : "is"} hidden and not kept.`;
}

/**
 * The two choices of how much of each end of the route to leave off the print,
 * so it need not point at the shopper's door. Shown under the drawn route once
 * the file is read; a change redraws the faint ends there at once and sends
 * nothing (docs/decisions/0028-route-trim-in-the-browser.md). A choice that,
 * with the other end's, would hide the whole route (`lengthM`) is not offered.
 */
export function RouteTrimPicker({
  idPrefix,
  trim,
  lengthM,
  disabled,
  onChange,
}: {
  idPrefix: string;
  trim: Trim;
  lengthM: number;
  disabled: boolean;
  onChange: (trim: Trim) => void;
}) {
  const choice = (end: keyof Trim, label: string) => (
    <div className="field route-trim__choice">
      <label htmlFor={`${idPrefix}-${end}`}>{label}</label>
      <select
        id={`${idPrefix}-${end}`}
        value={trim[end]}
        disabled={disabled}
        onChange={(event) => onChange({ ...trim, [end]: Number(event.currentTarget.value) })}
      >
        {TRIM_STEPS.map((metres) => (
          <option key={metres} value={metres} disabled={!trimFits({ ...trim, [end]: metres }, lengthM)}>
            {metres === 0 ? "Nothing" : `${metres} m`}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="route-trim">
      <legend className="route-trim__legend">Hide the start and end</legend>
      <p className="route-trim__hint">Leave the first and last part off the print, so it does not show where you live.</p>
      <div className="route-trim__choices">
        {choice("startM", "From the start")}
        {choice("endM", "From the end")}
      </div>
      <p className="route-trim__summary" aria-live="polite">
        {trimSentence(trim)}
      </p>
    </fieldset>
  );
}
