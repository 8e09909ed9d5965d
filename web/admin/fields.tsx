import type { ComponentProps, ReactNode } from "react";

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

type FieldProps = NumberInputProps & {
  id: string;
  label: ReactNode;
  /** A line under the input, read out with it. */
  hint?: ReactNode;
  /** Classes beside "field" (a grid span). */
  className?: string;
};

/** A field of an editor around one of the inputs above: its label, the input and its hint (read out with it). */
function fieldOf(Input: (props: NumberInputProps) => ReactNode) {
  return function NumberField({ id, label, hint, className, ...input }: FieldProps) {
    const hintId = `${id}-hint`;
    return (
      <div className={className ? `field ${className}` : "field"}>
        <label htmlFor={id}>{label}</label>
        <Input id={id} aria-describedby={hint ? hintId : undefined} {...input} />
        {hint && (
          <p className="hint" id={hintId}>
            {hint}
          </p>
        )}
      </div>
    );
  };
}

/** A money field: pounds typed, pence stored. */
export const MoneyField = fieldOf(MoneyInput);

/** A whole-number field: stock, lead days, quantities, sort orders. */
export const WholeNumberField = fieldOf(WholeNumberInput);

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
