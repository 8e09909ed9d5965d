import type {
  PricingMaterial,
  PricingPrinter,
  PricingRules,
  PricingSettings,
  QuantityBreak,
  SupportBand,
} from "../../../shared/instant-prices";
import { penceToPoundsText, poundsTextToPence } from "../parts";

/** The owner's pricing calls (docs/product.md#owner-calls). */
export const PRICING_PATH = "/api/admin/pricing";
export const CALIBRATION_PATH = "/api/admin/pricing/calibration";

/**
 * The Pricing page's form as typed: every number is the text in its field, so a value the owner typed
 * stays on screen until it is saved or they change it, even when the save is refused. Money is in pounds
 * (pence stored), overhangs in per cent (a fraction stored). `key` tells React's rows apart; a saved row
 * keeps its `id`, which basket lines name, even when it is renamed.
 */
export type MaterialRow = {
  key: string;
  id: string;
  name: string;
  colours: string;
  density: string;
  pricePerKg: string;
  waste: string;
};
export type PrinterRow = { key: string; id: string; name: string; x: string; y: string; z: string; hourly: string };
export type BandRow = { key: string; over: string; surcharge: string };
export type BreakRow = { key: string; from: string; discount: string };
export type RulesForm = {
  setup: string;
  minimum: string;
  markup: string;
  infill: string;
  maxOverhang: string;
  autoLimit: string;
  reviewAll: boolean;
};
export type PricingForm = {
  materials: MaterialRow[];
  printers: PrinterRow[];
  bands: BandRow[];
  breaks: BreakRow[];
  rules: RulesForm;
};

/**
 * Where a value lives in the settings object, in the call's own names: "rules.setup_pence",
 * "materials.1.density_g_cm3". Each field of the page has one, so an error can stand beside it.
 */
export type FieldPath = string;
export type FieldErrors = Record<FieldPath, string>;

let rowCount = 0;
const newRowKey = () => `row-${++rowCount}`;

const numberText = (value: number) => String(Number(value.toFixed(4)));
/** A fraction of the surface shown as a percentage: 0.35 → "35". */
const percentText = (fraction: number) => numberText(fraction * 100);

export function formFromSettings(settings: PricingSettings): PricingForm {
  return {
    materials: settings.materials.map((material) => ({
      key: newRowKey(),
      id: material.id,
      name: material.name,
      colours: material.colours.join(", "),
      density: numberText(material.density_g_cm3),
      pricePerKg: penceToPoundsText(material.price_per_kg_pence),
      waste: numberText(material.waste_pct),
    })),
    printers: settings.printers.map((printer) => ({
      key: newRowKey(),
      id: printer.id,
      name: printer.name,
      x: numberText(printer.bed_mm[0]),
      y: numberText(printer.bed_mm[1]),
      z: numberText(printer.bed_mm[2]),
      hourly: penceToPoundsText(printer.hourly_pence),
    })),
    bands: settings.rules.support_bands.map((band) => ({
      key: newRowKey(),
      over: percentText(band.overhang_over),
      surcharge: numberText(band.surcharge_pct),
    })),
    breaks: settings.rules.quantity_breaks.map((entry) => ({
      key: newRowKey(),
      from: numberText(entry.from),
      discount: numberText(entry.discount_pct),
    })),
    rules: {
      setup: penceToPoundsText(settings.rules.setup_pence),
      minimum: penceToPoundsText(settings.rules.minimum_pence),
      markup: numberText(settings.rules.markup_pct),
      infill: numberText(settings.rules.infill_pct),
      maxOverhang: percentText(settings.rules.max_overhang_fraction),
      autoLimit: penceToPoundsText(settings.rules.auto_limit_pence),
      reviewAll: settings.rules.review_all,
    },
  };
}

export const emptyMaterial = (): MaterialRow => ({
  key: newRowKey(),
  id: "",
  name: "",
  colours: "",
  density: "",
  pricePerKg: "",
  waste: "",
});
export const emptyPrinter = (): PrinterRow => ({ key: newRowKey(), id: "", name: "", x: "", y: "", z: "", hourly: "" });
export const emptyBand = (): BandRow => ({ key: newRowKey(), over: "", surcharge: "" });
export const emptyBreak = (): BreakRow => ({ key: newRowKey(), from: "", discount: "" });

/** "Silk PLA+" → "silk-pla": a new row's id, made once from its name when it is first saved. */
export function idFromName(name: string, taken: Set<string>, fallback: string): string {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 28) || fallback;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** The colours field: "Black, White ,, Red" → ["Black", "White", "Red"]. */
const coloursOf = (text: string) =>
  text
    .split(",")
    .map((colour) => colour.trim())
    .filter(Boolean);

/**
 * Reads the typed form into the settings object the call takes. A field whose text is no number at
 * all (blank, or letters) is refused here beside it, never sent as 0; every other rule (ranges, unique
 * names, at least one material) is the server's, which names the field in its answer.
 */
export function settingsFromForm(
  form: PricingForm,
  instantOn: boolean,
): { settings: PricingSettings; errors: null } | { settings: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const number = (path: FieldPath, text: string, what: string): number => {
    const value = text.trim() === "" ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) errors[path] = `Enter ${what} as a number.`;
    return value;
  };
  const pence = (path: FieldPath, text: string, what: string): number => {
    const value = poundsTextToPence(text);
    if (value === null) errors[path] = `Enter ${what} in pounds, for example 12.50.`;
    return value ?? 0;
  };

  const materialIds = new Set(form.materials.map((row) => row.id).filter(Boolean));
  const materials: PricingMaterial[] = form.materials.map((row, index) => {
    const path = `materials.${index}`;
    return {
      id: row.id || idFromName(row.name, materialIds, `material-${index + 1}`),
      name: row.name.trim(),
      colours: coloursOf(row.colours),
      density_g_cm3: number(`${path}.density_g_cm3`, row.density, "the density in g/cm³"),
      price_per_kg_pence: pence(`${path}.price_per_kg_pence`, row.pricePerKg, "the price per kg"),
      waste_pct: number(`${path}.waste_pct`, row.waste, "the waste"),
    };
  });
  const printerIds = new Set(form.printers.map((row) => row.id).filter(Boolean));
  const printers: PricingPrinter[] = form.printers.map((row, index) => {
    const path = `printers.${index}`;
    return {
      id: row.id || idFromName(row.name, printerIds, `printer-${index + 1}`),
      name: row.name.trim(),
      bed_mm: [
        number(`${path}.bed_mm.0`, row.x, "the bed's width in mm"),
        number(`${path}.bed_mm.1`, row.y, "the bed's depth in mm"),
        number(`${path}.bed_mm.2`, row.z, "the height it can print in mm"),
      ],
      hourly_pence: pence(`${path}.hourly_pence`, row.hourly, "the cost per hour"),
    };
  });
  const support_bands: SupportBand[] = form.bands.map((row, index) => ({
    overhang_over: number(`rules.support_bands.${index}.overhang_over`, row.over, "the overhang in per cent") / 100,
    surcharge_pct: number(`rules.support_bands.${index}.surcharge_pct`, row.surcharge, "the surcharge in per cent"),
  }));
  const quantity_breaks: QuantityBreak[] = form.breaks.map((row, index) => ({
    from: number(`rules.quantity_breaks.${index}.from`, row.from, "the quantity"),
    discount_pct: number(`rules.quantity_breaks.${index}.discount_pct`, row.discount, "the discount in per cent"),
  }));
  const { rules: typed } = form;
  const rules: PricingRules = {
    setup_pence: pence("rules.setup_pence", typed.setup, "the setup charge"),
    minimum_pence: pence("rules.minimum_pence", typed.minimum, "the minimum charge"),
    markup_pct: number("rules.markup_pct", typed.markup, "the markup"),
    infill_pct: number("rules.infill_pct", typed.infill, "the infill"),
    support_bands,
    max_overhang_fraction: number("rules.max_overhang_fraction", typed.maxOverhang, "the largest overhang in per cent") / 100,
    auto_limit_pence: pence("rules.auto_limit_pence", typed.autoLimit, "the largest instant price"),
    instant_on: instantOn,
    review_all: typed.reviewAll,
    quantity_breaks,
  };
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return { settings: { materials, printers, rules }, errors: null };
}

/** Every field path the form has, in the page's order: where a refusal is looked for. */
function fieldPaths(form: PricingForm): FieldPath[] {
  return [
    ...form.materials.flatMap((_, index) =>
      ["name", "colours", "density_g_cm3", "price_per_kg_pence", "waste_pct"].map((name) => `materials.${index}.${name}`),
    ),
    ...form.printers.flatMap((_, index) =>
      ["name", "bed_mm.0", "bed_mm.1", "bed_mm.2", "hourly_pence"].map((name) => `printers.${index}.${name}`),
    ),
    ...["setup_pence", "minimum_pence", "markup_pct", "infill_pct", "max_overhang_fraction", "auto_limit_pence", "review_all"].map(
      (name) => `rules.${name}`,
    ),
    ...form.bands.flatMap((_, index) => ["overhang_over", "surcharge_pct"].map((name) => `rules.support_bands.${index}.${name}`)),
    ...form.breaks.flatMap((_, index) => ["from", "discount_pct"].map((name) => `rules.quantity_breaks.${index}.${name}`)),
  ];
}

/**
 * The field of the form a refusal names (the server's `field`, a dotted path into the settings object), or
 * null when it names none the form shows (a rule about a whole list: two bands out of order). A path inside a
 * field (one colour of the list) is that field; an id is made from the name, so its refusal stands by the name.
 */
export function refusedField(field: string | null, form: PricingForm): FieldPath | null {
  if (!field) return null;
  const named = field.replace(/^(materials|printers)\.(\d+)\.id$/, "$1.$2.name");
  const paths = fieldPaths(form);
  for (let candidate = named; candidate !== ""; candidate = candidate.includes(".") ? candidate.slice(0, candidate.lastIndexOf(".")) : "") {
    if (paths.includes(candidate)) return candidate;
  }
  return null;
}
