import { type FormEvent, useState } from "react";
import { DEFAULT_DELIVERY_DAYS, type KeyDate, MAX_DELIVERY_DAYS, MAX_KEY_DATE_NAME, readKeyDates } from "../../../shared/key-dates";
import { saveConfig } from "../api";
import type { Configuration } from "../types";
import { useSave } from "../use-save";
import { SettingsCard, SettingsSave } from "./SettingsCard";

/** A row as typed: the delivery days stay text until saved, so a half-typed number is not lost. */
type Row = { name: string; date: string; days: string };

const rowsOf = (stored: string | undefined): Row[] => {
  const read = readKeyDates(stored ?? "[]");
  const dates: KeyDate[] = "dates" in read ? read.dates : [];
  return dates.map(({ name, date, delivery_days }) => ({ name, date, days: String(delivery_days) }));
};

/**
 * Key dates (docs/decisions/0049-gift-orders.md): the dates gift buyers order for, each with the working days of
 * delivery to allow. The shop shows each product's last order day from six weeks before the date; the server checks
 * the list and names the row that is wrong.
 */
export function KeyDatesSettings({ config }: { config: Configuration }) {
  const [rows, setRows] = useState<Row[]>(rowsOf(config.key_dates));
  const saving = useSave();
  const change = (index: number, part: Partial<Row>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...part } : row)));

  async function save(event: FormEvent) {
    event.preventDefault();
    const list = rows.map((row) => ({ name: row.name, date: row.date, delivery_days: row.days.trim() === "" ? NaN : Number(row.days) }));
    await saving.save(async () => {
      const saved = (await saveConfig("key_dates", JSON.stringify(list))) as { value: string };
      setRows(rowsOf(saved.value));
      saving.result.succeed("Key dates saved.");
    }, "Failed to save the key dates");
  }

  return (
    <SettingsCard id="key-dates-title" title="Key dates">
      <form className="admin-form key-dates" onSubmit={save}>
        <p className="admin-form-hint">
          Dates gift buyers order for. From six weeks before each, product pages and the basket say the last day to order in time, worked
          out from each product's lead time, the cut-off and bank holidays, then the delivery days here.
        </p>
        {rows.length === 0 && <p className="muted">No key dates yet.</p>}
        {rows.map((row, index) => (
          <fieldset key={index} className="key-dates__row">
            <legend className="visually-hidden">Key date {index + 1}</legend>
            <label>
              Name
              <input value={row.name} maxLength={MAX_KEY_DATE_NAME} onChange={(event) => change(index, { name: event.target.value })} />
            </label>
            <label>
              Date
              <input type="date" value={row.date} onChange={(event) => change(index, { date: event.target.value })} />
            </label>
            <label>
              Delivery days
              <input
                inputMode="numeric"
                value={row.days}
                aria-describedby="key-dates-days-hint"
                onChange={(event) => change(index, { days: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="button button--ghost admin-button--small"
              onClick={() => setRows(rows.filter((_, at) => at !== index))}
            >
              Remove<span className="visually-hidden"> key date {index + 1}</span>
            </button>
          </fieldset>
        ))}
        <p id="key-dates-days-hint" className="admin-form-hint">
          Delivery days: working days from dispatch to the door, 0 to {MAX_DELIVERY_DAYS}.
        </p>
        <div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRows([...rows, { name: "", date: "", days: String(DEFAULT_DELIVERY_DAYS) }])}
          >
            Add a key date
          </button>
        </div>
        <SettingsSave saving={saving} label="Save key dates" />
      </form>
    </SettingsCard>
  );
}
