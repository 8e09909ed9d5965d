import { type FormEvent, useId, useState } from "react";
import { failureText, isSessionEnd, saveConfig } from "../api";
import { ResultNotice, useResult, wholeOrBlank } from "../parts";
import type { ConfigKey } from "../types";

/** How one kind of number is typed, read and shown: pounds for money, whole numbers for days and hours. */
export type NumberKind = {
  inputMode: "numeric" | "decimal";
  step: string;
  max?: number;
  /** The typed text as the stored number, or null when it is not one this setting takes. */
  parse: (text: string) => number | null;
  /** The stored number as the field shows it. */
  toText: (value: number) => string;
  /** The stored number in the hint's "Now …". */
  describe: (value: number) => string;
};

/** Whole numbers from `min` to `max`: working days, an hour of the day, days a file is kept. */
export function wholeNumbers(max: number, min = 0): NumberKind {
  return {
    inputMode: "numeric",
    step: "1",
    max,
    parse: (text) => {
      const value = wholeOrBlank(text);
      return typeof value === "number" && value >= min && value <= max ? value : null;
    },
    toText: String,
    describe: String,
  };
}

/** A stored configuration number (text of digits), or `fallback` when there is none or it is not one. */
export const storedNumber = (text: string | undefined, fallback: number) => (text && /^\d+$/.test(text.trim()) ? Number(text) : fallback);

/**
 * One numeric configuration entry with its own Save (the Configuration page's
 * delivery and dispatch cards): a value the form refuses never reaches the
 * server, one it refuses shows the server's message, and only the entry saved
 * is written.
 */
export function NumberSetting(props: {
  label: string;
  configKey: ConfigKey;
  stored: number;
  kind: NumberKind;
  hint: string;
  invalid: string;
  saved: string;
  failed: string;
}) {
  const { kind } = props;
  const [text, setText] = useState(kind.toText(props.stored));
  const [current, setCurrent] = useState(props.stored);
  const [busy, setBusy] = useState(false);
  const result = useResult();
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = kind.parse(text);
    if (value === null) return result.fail(props.invalid);
    setBusy(true);
    result.clear();
    try {
      await saveConfig(props.configKey, String(value));
      setCurrent(value);
      setText(kind.toText(value));
      result.succeed(props.saved);
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, props.failed));
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
          inputMode={kind.inputMode}
          step={kind.step}
          min="0"
          max={kind.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
      </div>
      <p className="hint">
        {props.hint} Now {kind.describe(current)}.
      </p>
      <ResultNotice state={result} />
    </form>
  );
}
