import { type FormEvent, type ReactNode, useId, useState } from "react";
import { formatPence } from "../../../shared/money";
import { saveConfig } from "../api";
import { MoneyInput, WholeNumberInput } from "../fields";
import { penceToPoundsText, poundsTextToPence, ResultNotice, wholeOrBlank } from "../parts";
import type { Configuration } from "../types";
import { useUnsavedChanges } from "../unsaved-changes";
import { type Saving, useSave } from "../use-save";
import type { NumberSettingSpec } from "./number-settings";
import { SettingsCard } from "./SettingsCard";

/** How one kind of number is typed, read and shown: pounds for money, whole numbers for days and hours. */
export type NumberKind = {
  Input: typeof MoneyInput;
  max?: number;
  /** The typed text as the stored number, or null when it is not one this setting takes. */
  parse: (text: string) => number | null;
  /** The stored number as the field shows it. */
  toText: (value: number) => string;
  /** The stored number in the hint's "Now …". */
  describe: (value: number) => string;
};

/** Whole numbers from `min` to `max`: working days, an hour of the day, days a file is kept, items. */
export function wholeNumbers(max: number, min = 0): NumberKind {
  return {
    Input: WholeNumberInput,
    max,
    parse: (text) => {
      const value = wholeOrBlank(text);
      return typeof value === "number" && value >= min && value <= max ? value : null;
    },
    toText: String,
    describe: String,
  };
}

/** Money: typed in pounds, stored in pence. */
export const MONEY: NumberKind = { Input: MoneyInput, parse: poundsTextToPence, toText: penceToPoundsText, describe: formatPence };

/** A stored configuration number (text of digits), or `fallback` when there is none or it is not one. */
const storedNumber = (text: string | undefined, fallback: number) => (text && /^\d+$/.test(text.trim()) ? Number(text) : fallback);

/**
 * One numeric configuration entry with its own Save (the Configuration page's
 * delivery, dispatch, stock and file cards): a value the form refuses never
 * reaches the server, one it refuses shows the server's message, and only the
 * entry saved is written.
 */
export function NumberSetting({ setting, config }: { setting: NumberSettingSpec; config: Configuration }) {
  const { kind } = setting;
  const stored = storedNumber(config[setting.configKey], setting.fallback);
  const [text, setText] = useState(kind.toText(stored));
  const [current, setCurrent] = useState(stored);
  const saving = useSave();
  useUnsavedChanges(text !== kind.toText(current));

  async function save(event: FormEvent) {
    event.preventDefault();
    const value = kind.parse(text);
    if (value === null) return saving.result.fail(setting.invalid);
    await saving.save(async () => {
      await saveConfig(setting.configKey, String(value));
      setCurrent(value);
      setText(kind.toText(value));
      saving.result.succeed(setting.saved);
    }, setting.failed);
  }

  return (
    <SettingForm
      label={setting.label}
      hint={
        <>
          {setting.hint} Now {kind.describe(current)}.
        </>
      }
      saving={saving}
      onSubmit={save}
    >
      {(id) => <kind.Input id={id} max={kind.max} value={text} onChange={setText} />}
    </SettingForm>
  );
}

/** A card of numeric entries, each with its own Save. */
export function NumberSettingsCard(props: { id: string; title: string; settings: NumberSettingSpec[]; config: Configuration }) {
  return (
    <SettingsCard id={props.id} title={props.title}>
      {props.settings.map((setting) => (
        <NumberSetting key={setting.configKey} setting={setting} config={props.config} />
      ))}
    </SettingsCard>
  );
}

/** One configuration entry's form: its label, the input with Save beside it, a hint and the result. */
export function SettingForm(props: {
  label: string;
  hint: ReactNode;
  saving: Saving;
  onSubmit: (event: FormEvent) => void;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <form className="admin-setting" onSubmit={props.onSubmit} aria-label={props.label} noValidate>
      <label htmlFor={id}>{props.label}</label>
      <div className="admin-setting__row">
        {props.children(id)}
        <button type="submit" className="button button--primary" disabled={props.saving.busy}>
          Save
        </button>
      </div>
      <p className="hint">{props.hint}</p>
      <ResultNotice state={props.saving.result} />
    </form>
  );
}
