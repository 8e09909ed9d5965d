import type { RouteTrim as Trim } from "../../../src/modules/uploads/model";

/** Issue 16: 0 to 1000 m in steps of 100 (the server takes any whole number of metres up to 1000). */
const TRIM_STEPS = Array.from({ length: 11 }, (_, i) => i * 100);

export const NO_TRIM: Trim = { startM: 0, endM: 0 };

/** "The first 500 m and the last 300 m are hidden and not kept." — or null when nothing is hidden. */
export function trimSentence({ startM, endM }: Trim): string | null {
  if (startM === 0 && endM === 0) return null;
  const parts = [startM > 0 ? `the first ${startM} m` : null, endM > 0 ? `the last ${endM} m` : null].filter(Boolean).join(" and ");
  return `${parts.charAt(0).toUpperCase()}${parts.slice(1)} of your route ${startM > 0 && endM > 0 ? "are" : "is"} hidden and not kept.`;
}

/**
 * The two choices of how much of each end of the route to leave off the print,
 * so it need not point at the shopper's door. Changing one after the file is in
 * sends it again with the new trim (AttachmentUpload), and the server keeps only
 * the trimmed route.
 */
export function RouteTrimPicker({
  idPrefix,
  trim,
  disabled,
  onChange,
}: {
  idPrefix: string;
  trim: Trim;
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
          <option key={metres} value={metres}>
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
    </fieldset>
  );
}
