import { type FormEvent, useId, useState } from "react";
import { failureText, isSessionEnd, saveConfig } from "./api";
import { ResultNotice, useResult, wholeOrBlank } from "./parts";
import type { Configuration } from "./types";

/** Issue 14: what the dispatch date promised before purchase is worked out from. */
export function DispatchSettings({ config }: { config: Configuration }) {
  return (
    <section className="card admin-section admin-config__card" aria-labelledby="dispatch-settings-title">
      <h2 id="dispatch-settings-title">Dispatch</h2>
      <WholeNumberSetting
        label="Default lead time (working days)"
        configKey="default_lead_time_days"
        stored={config.default_lead_time_days ?? "3"}
        max={365}
        hint="Working days from order to dispatch for products without their own lead time. Working days are Monday to Friday outside the bank holidays of England and Wales."
        invalid="Enter the default lead time as a whole number of working days from 0 to 365."
        saved="Default lead time saved."
      />
      <WholeNumberSetting
        label="Order cut-off hour (UK time)"
        configKey="dispatch_cut_off_hour"
        stored={config.dispatch_cut_off_hour ?? "14"}
        max={23}
        hint="Orders placed from this hour (0–23, e.g. 14 for 2pm) count from the next working day."
        invalid="Enter the cut-off as a whole hour from 0 to 23 (UK time), such as 14 for 2pm."
        saved="Cut-off hour saved."
      />
    </section>
  );
}

function WholeNumberSetting(props: {
  label: string;
  configKey: "default_lead_time_days" | "dispatch_cut_off_hour";
  stored: string;
  max: number;
  hint: string;
  invalid: string;
  saved: string;
}) {
  const [text, setText] = useState(props.stored);
  const [current, setCurrent] = useState(props.stored);
  const [busy, setBusy] = useState(false);
  const result = useResult();
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = wholeOrBlank(text);
    if (value === null || value === undefined || value > props.max) return result.fail(props.invalid);
    setBusy(true);
    result.clear();
    try {
      await saveConfig(props.configKey, String(value));
      setCurrent(String(value));
      setText(String(value));
      result.succeed(props.saved);
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, `Failed to save ${props.label.toLowerCase()}`));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-setting" onSubmit={save} aria-label={props.label} noValidate>
      <label htmlFor={id}>{props.label}</label>
      <div className="admin-setting__row">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          max={props.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
      </div>
      <p className="hint">
        {props.hint} Now {current}.
      </p>
      <ResultNotice state={result} />
    </form>
  );
}
