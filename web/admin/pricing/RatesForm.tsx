import { type FormEvent, useId, useState } from "react";
import type { PricingSettings } from "../../../shared/instant-prices";
import { ApiError, apiCall } from "../api";
import { DecimalField, MoneyField, TextField, WholeNumberField } from "../fields";
import { ResultNotice } from "../parts";
import { useSave } from "../use-save";
import {
  type BandRow,
  type BreakRow,
  emptyBand,
  emptyBreak,
  emptyMaterial,
  emptyPrinter,
  type FieldErrors,
  type FieldPath,
  formFromSettings,
  type MaterialRow,
  PRICING_PATH,
  type PricingForm,
  type PrinterRow,
  type RulesForm,
  refusedField,
  settingsFromForm,
} from "./pricing-form";
import { RowList } from "./RowList";

/** Props every field of the form takes from its path: id, the error beside it. */
type Bind = (path: FieldPath) => { id: string; error: string | undefined };

/**
 * Materials, printers and the rules, saved together (the call takes the whole settings object, and
 * the server refuses a bad value without saving any of it). A refusal stands beside the field it names;
 * the form keeps everything typed.
 */
export function RatesForm({ settings, onSaved }: { settings: PricingSettings; onSaved: (saved: PricingSettings) => void }) {
  const [form, setForm] = useState<PricingForm>(() => formFromSettings(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const saving = useSave();
  const idBase = useId();
  const fieldId = (path: FieldPath) => `${idBase}-${path.replaceAll(".", "-")}`;
  const bind: Bind = (path) => ({ id: fieldId(path), error: errors[path] });

  function edit(update: (current: PricingForm) => PricingForm) {
    setForm(update);
  }

  function refuse(found: FieldErrors, summary: string) {
    setErrors(found);
    saving.result.fail(summary);
    const first = Object.keys(found)[0];
    // The first field refused takes the focus, so a keyboard or screen-reader user lands on it.
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const read = settingsFromForm(form, settings.rules.instant_on);
    if (read.errors) return refuse(read.errors, "Nothing was saved: put right the fields that say what is wrong.");
    setErrors({});
    await saving.save(
      async () => {
        try {
          const saved = await apiCall<PricingSettings>(PRICING_PATH, { method: "PUT", json: read.settings });
          const stored = saved ?? read.settings;
          onSaved(stored);
          setForm(formFromSettings(stored));
          saving.result.succeed("Pricing saved.");
        } catch (caught) {
          // A refusal that names a field stands beside it; any other shows where the form's result does.
          const path = caught instanceof ApiError && caught.status === 400 ? refusedField(caught.field, form) : null;
          if (!path || !(caught instanceof ApiError) || !caught.serverError) throw caught;
          refuse({ [path]: caught.serverError }, "Nothing was saved: put right the field that says what is wrong.");
        }
      },
      "Save failed",
      "Save failed: network error",
    );
  }

  return (
    <form className="admin-pricing__form" onSubmit={save} aria-label="Rates" noValidate>
      <MaterialsSection rows={form.materials} bind={bind} edit={edit} />
      <PrintersSection rows={form.printers} bind={bind} edit={edit} />
      <RulesSection rules={form.rules} bands={form.bands} breaks={form.breaks} bind={bind} edit={edit} />
      <div className="admin-pricing__save">
        <ResultNotice state={saving.result} />
        <button type="submit" className="button button--primary" disabled={saving.busy}>
          {saving.busy ? "Saving…" : "Save pricing"}
        </button>
      </div>
    </form>
  );
}

type Edit = (update: (current: PricingForm) => PricingForm) => void;

/** One row's entry changed: a new list with that row replaced. */
function withRow<Row extends { key: string }>(rows: Row[], key: string, change: Partial<Row>): Row[] {
  return rows.map((row) => (row.key === key ? { ...row, ...change } : row));
}

function MaterialsSection({ rows, bind, edit }: { rows: MaterialRow[]; bind: Bind; edit: Edit }) {
  const change = (key: string, entry: Partial<MaterialRow>) =>
    edit((form) => ({ ...form, materials: withRow(form.materials, key, entry) }));
  return (
    <RowList
      title="Materials"
      hint="What a shopper can choose. The price per kg is what a spool costs you; waste covers purging, brims and failed prints."
      noun="material"
      rows={rows}
      name={(row) => row.name}
      onAdd={() => edit((form) => ({ ...form, materials: [...form.materials, emptyMaterial()] }))}
      onRemove={(key) => edit((form) => ({ ...form, materials: form.materials.filter((row) => row.key !== key) }))}
      render={(row, index) => {
        const at = (name: string) => bind(`materials.${index}.${name}`);
        return (
          <div className="admin-grid admin-grid--6">
            <TextField
              label="Name"
              className="admin-span-2"
              value={row.name}
              onChange={(name) => change(row.key, { name })}
              {...at("name")}
            />
            <TextField
              label="Colours"
              className="admin-span-4"
              hint="Separated by commas."
              value={row.colours}
              onChange={(colours) => change(row.key, { colours })}
              {...at("colours")}
            />
            <DecimalField
              label="Density (g/cm³)"
              className="admin-span-2"
              value={row.density}
              onChange={(density) => change(row.key, { density })}
              {...at("density_g_cm3")}
            />
            <MoneyField
              label="Price per kg (£)"
              className="admin-span-2"
              value={row.pricePerKg}
              onChange={(pricePerKg) => change(row.key, { pricePerKg })}
              {...at("price_per_kg_pence")}
            />
            <DecimalField
              label="Waste (%)"
              className="admin-span-2"
              value={row.waste}
              onChange={(waste) => change(row.key, { waste })}
              {...at("waste_pct")}
            />
          </div>
        );
      }}
    />
  );
}

function PrintersSection({ rows, bind, edit }: { rows: PrinterRow[]; bind: Bind; edit: Edit }) {
  const change = (key: string, entry: Partial<PrinterRow>) => edit((form) => ({ ...form, printers: withRow(form.printers, key, entry) }));
  return (
    <RowList
      title="Printers"
      hint="A model is priced instantly only when it fits one of these beds. The cost per hour covers power, wear and your time."
      noun="printer"
      rows={rows}
      name={(row) => row.name}
      onAdd={() => edit((form) => ({ ...form, printers: [...form.printers, emptyPrinter()] }))}
      onRemove={(key) => edit((form) => ({ ...form, printers: form.printers.filter((row) => row.key !== key) }))}
      render={(row, index) => {
        const at = (name: string) => bind(`printers.${index}.${name}`);
        return (
          <div className="admin-grid admin-grid--6">
            <TextField
              label="Name"
              className="admin-span-2"
              value={row.name}
              onChange={(name) => change(row.key, { name })}
              {...at("name")}
            />
            <WholeNumberField label="Bed X (mm)" value={row.x} onChange={(x) => change(row.key, { x })} {...at("bed_mm.0")} />
            <WholeNumberField label="Bed Y (mm)" value={row.y} onChange={(y) => change(row.key, { y })} {...at("bed_mm.1")} />
            <WholeNumberField label="Height Z (mm)" value={row.z} onChange={(z) => change(row.key, { z })} {...at("bed_mm.2")} />
            <MoneyField
              label="Per hour (£)"
              value={row.hourly}
              onChange={(hourly) => change(row.key, { hourly })}
              {...at("hourly_pence")}
            />
          </div>
        );
      }}
    />
  );
}

/** The shop-wide charges and limits, each with the call's own name for where its error stands. */
const RULE_FIELDS: { key: Exclude<keyof RulesForm, "reviewAll">; money: boolean; label: string; hint: string; path: string }[] = [
  {
    key: "setup",
    money: true,
    label: "Setup per part (£)",
    hint: "Preparing the file, the bed and taking the part off.",
    path: "rules.setup_pence",
  },
  { key: "minimum", money: true, label: "Minimum order charge (£)", hint: "No instant price is ever lower.", path: "rules.minimum_pence" },
  {
    key: "markup",
    money: false,
    label: "Markup (%)",
    hint: "Added to material, machine time, setup and support.",
    path: "rules.markup_pct",
  },
  {
    key: "infill",
    money: false,
    label: "Infill (%)",
    hint: "The infill you slice with; walls and skins print solid.",
    path: "rules.infill_pct",
  },
  {
    key: "maxOverhang",
    money: false,
    label: "Largest overhang (%)",
    hint: "A model with more of its surface overhanging comes to you.",
    path: "rules.max_overhang_fraction",
  },
  {
    key: "autoLimit",
    money: true,
    label: "Largest instant price (£)",
    hint: "Dearer prints come to you to price by hand.",
    path: "rules.auto_limit_pence",
  },
];

function RulesSection({
  rules,
  bands,
  breaks,
  bind,
  edit,
}: {
  rules: RulesForm;
  bands: BandRow[];
  breaks: BreakRow[];
  bind: Bind;
  edit: Edit;
}) {
  const set = (entry: Partial<RulesForm>) => edit((form) => ({ ...form, rules: { ...form.rules, ...entry } }));
  const reviewId = `${bind("rules.review_all").id}`;
  return (
    <>
      <section className="card admin-section admin-pricing__card" aria-labelledby="pricing-rules-title">
        <h2 id="pricing-rules-title">Charges and rules</h2>
        <div className="admin-grid admin-grid--3">
          {RULE_FIELDS.map(({ key, money, label, hint, path }) => {
            const Field = money ? MoneyField : DecimalField;
            return (
              <Field key={key} label={label} hint={hint} value={rules[key]} onChange={(value) => set({ [key]: value })} {...bind(path)} />
            );
          })}
        </div>
        <label className="admin-check admin-pricing__review" htmlFor={reviewId}>
          <input id={reviewId} type="checkbox" checked={rules.reviewAll} onChange={(event) => set({ reviewAll: event.target.checked })} />I
          review every price
        </label>
        <p className="hint">When ticked, shoppers see the estimate as a range and every model comes to you as a request.</p>
      </section>

      <RowList
        title="Support surcharge"
        hint="Extra for models that need supports, by the share of their surface that overhangs. The highest band reached applies."
        noun="support band"
        rows={bands}
        name={(_, index) => `band ${index + 1}`}
        onAdd={() => edit((form) => ({ ...form, bands: [...form.bands, emptyBand()] }))}
        onRemove={(key) => edit((form) => ({ ...form, bands: form.bands.filter((row) => row.key !== key) }))}
        render={(row, index) => (
          <div className="admin-grid admin-grid--2">
            <DecimalField
              label="Overhang over (%)"
              value={row.over}
              onChange={(over) => edit((form) => ({ ...form, bands: withRow(form.bands, row.key, { over }) }))}
              {...bind(`rules.support_bands.${index}.overhang_over`)}
            />
            <DecimalField
              label="Surcharge (%)"
              value={row.surcharge}
              onChange={(surcharge) => edit((form) => ({ ...form, bands: withRow(form.bands, row.key, { surcharge }) }))}
              {...bind(`rules.support_bands.${index}.surcharge_pct`)}
            />
          </div>
        )}
      />

      <RowList
        title="Quantity breaks"
        hint="A discount for several copies of the same model. The largest break reached applies."
        noun="quantity break"
        rows={breaks}
        name={(_, index) => `break ${index + 1}`}
        onAdd={() => edit((form) => ({ ...form, breaks: [...form.breaks, emptyBreak()] }))}
        onRemove={(key) => edit((form) => ({ ...form, breaks: form.breaks.filter((row) => row.key !== key) }))}
        render={(row, index) => (
          <div className="admin-grid admin-grid--2">
            <WholeNumberField
              label="From (copies)"
              value={row.from}
              onChange={(from) => edit((form) => ({ ...form, breaks: withRow(form.breaks, row.key, { from }) }))}
              {...bind(`rules.quantity_breaks.${index}.from`)}
            />
            <DecimalField
              label="Discount (%)"
              value={row.discount}
              onChange={(discount) => edit((form) => ({ ...form, breaks: withRow(form.breaks, row.key, { discount }) }))}
              {...bind(`rules.quantity_breaks.${index}.discount_pct`)}
            />
          </div>
        )}
      />
    </>
  );
}
