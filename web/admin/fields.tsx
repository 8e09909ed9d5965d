import type { ComponentProps, ReactNode } from "react";
import { FIRST_REPORT_DAY, LAST_REPORT_DAY } from "../../shared/report-range";

/**
 * The admin's two number inputs, so every editor and setting types amounts the same way: money in
 * pounds to the penny (stored in pence: `poundsTextToPence` reads it, `penceToPoundsText` fills it,
 * both in parts.tsx) and whole numbers (stock, lead days, quantities, limits: `wholeOrBlank`).
 * Each takes any <input> attribute but its kind; `min` is 0 unless given, `onChange` hears the text.
 */
type NumberInputProps = Omit<ComponentProps<"input">, "type" | "inputMode" | "step" | "onChange"> & {
  onChange?: (text: string) => void;
};

function NumberInput({ onChange, ...props }: NumberInputProps & Pick<ComponentProps<"input">, "inputMode" | "step">) {
  return <input type="number" min="0" {...props} onChange={onChange && ((event) => onChange(event.target.value))} />;
}

/** Pounds and pence: "12.50". */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput inputMode="decimal" step="0.01" {...props} />;
}

/** A whole number: "3". */
export function WholeNumberInput(props: NumberInputProps) {
  return <NumberInput inputMode="numeric" step="1" {...props} />;
}

/** Grams per cubic centimetre, a percentage with a fraction: "1.24". */
function DecimalInput(props: NumberInputProps) {
  return <NumberInput inputMode="decimal" step="any" {...props} />;
}

type FrameProps = {
  id: string;
  label: ReactNode;
  /** A line under the input, read out with it. */
  hint?: ReactNode;
  /** What is wrong with the value (the server's words, or the form's own check): shown beside it and read out with it. */
  error?: string | null;
  /** Classes beside "field" (a grid span). */
  className?: string;
};

/**
 * A field's frame around any input: its label, the input, its hint and its error, each read out with
 * the input. `children` gets the attributes the input needs for that (`aria-describedby`, `aria-invalid`).
 */
function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FrameProps & { children: (described: { "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ""}${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}

type FieldProps = NumberInputProps & FrameProps;

/** A field of an editor around one of the inputs above: its label, the input, its hint and its error (read out with it). */
function fieldOf(Input: (props: NumberInputProps) => ReactNode) {
  return function NumberField({ id, label, hint, error, className, ...input }: FieldProps) {
    return (
      <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
        {(described) => <Input id={id} {...described} {...input} />}
      </FieldFrame>
    );
  };
}

/** A money field: pounds typed, pence stored. */
export const MoneyField = fieldOf(MoneyInput);

/** A whole-number field: stock, lead days, quantities, sort orders. */
export const WholeNumberField = fieldOf(WholeNumberInput);

/** A number with a fraction: a density, a percentage. */
export const DecimalField = fieldOf(DecimalInput);

/** The keys of a form whose entries are text. */
type TextKey<Form> = { [Key in keyof Form]: Form[Key] extends string ? Key : never }[keyof Form] & string;

/**
 * An editor's fields tied to its form state: `bind("stock")` is the id (`${idBase}-stock`), value and
 * onChange of the form's "stock" entry, for a field above.
 */
export function fieldBinder<Form>(idBase: string, form: Form, setForm: (update: (current: Form) => Form) => void) {
  return (key: TextKey<Form>) => ({
    id: `${idBase}-${key}`,
    value: form[key] as string,
    onChange: (text: string) => setForm((current) => ({ ...current, [key]: text })),
  });
}

/** A text field in the same frame: a name, a list of colours. */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: FrameProps & Omit<ComponentProps<"input">, "id" | "onChange"> & { onChange: (text: string) => void }) {
  const { onChange, ...rest } = input;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(described) => <input id={id} type="text" {...described} {...rest} onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}

/** Two UK days, both included: a report's first and last day ("2026-04-06"). */
export type DayRange = { from: string; to: string };

/**
 * The From and To days of a report (the orders export, the Money page), each held to the days a report can cover
 * (shared/report-range.ts, the server's own bounds). `labels` names the two for the report they belong to.
 */
export function DateRangeFields({ labels, range, onChange }: { labels: DayRange; range: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <>
      {(["from", "to"] as const).map((end) => (
        <label key={end}>
          <span>{labels[end]}</span>
          <input
            type="date"
            min={FIRST_REPORT_DAY}
            max={LAST_REPORT_DAY}
            value={range[end]}
            onChange={(event) => onChange({ ...range, [end]: event.target.value })}
          />
        </label>
      ))}
    </>
  );
}
