import { z } from "zod";
import type { PricingSettings } from "../../../shared/instant-prices";
import { MAX_HELD_UNITS_PER_ADDRESS } from "../checkout/model";

/**
 * The owner's rates (`GET`/`PUT /api/admin/pricing`), the price call's body and every fixed message of instant
 * prices (docs/decisions/0042-instant-prices-calls-and-checkout.md). Field names follow the calls' JSON
 * (shared/instant-prices.ts).
 */

/**
 * Most copies of one model a single price (and basket line) covers: as many units as one checkout may hold
 * (src/modules/checkout/model.ts), so a price given is one the checkout can take; more is a custom request.
 */
export const MODEL_MAX_QUANTITY = MAX_HELD_UNITS_PER_ADDRESS;
/** ×25.4 turns a model drawn in inches into millimetres; a tenth is as small as a shopper sensibly shrinks one. */
const MIN_SCALE = 0.1;
const MAX_SCALE = 25.4;
/** A plain G-code of a long print runs to tens of MB; a .gcode.3mf is compressed and much smaller. */
export const GCODE_MAX_BYTES = 100 * 1024 * 1024;
/** Price calls per address: a shopper trying materials, colours and quantities makes dozens, a script thousands. */
export const PRICES_PER_MINUTE = 60;

export const PRICE_MESSAGES = {
  body: "Send the price request as JSON: { token, material, colour, quantity, scale? }.",
  token: "Say which uploaded model to price (its token).",
  modelNotFound: "That model was not found. Upload it again on the product page.",
  unknownMaterial: (id: string) => `There is no material "${id}". Choose one of the materials offered.`,
  unknownColour: (colour: string, material: string) => `${material} does not come in "${colour}". Choose one of its colours.`,
  material: "Choose a material.",
  colour: "Choose a colour.",
  quantity: `The quantity must be a whole number from 1 to ${MODEL_MAX_QUANTITY}. For more, ask us for a price.`,
  scale: `The scale must be a number from ${MIN_SCALE} to ${MAX_SCALE} (25.4 turns a model drawn in inches into millimetres).`,
  tooManyPrices: "Too many prices asked for from your connection. Please wait a minute and try again.",
} as const;

export const MODEL_UPLOAD_MESSAGES = {
  modelNotTaken: "This product doesn't take a 3D model.",
  modelMissing: "Choose an STL, OBJ or 3MF file to upload.",
  modelTooLarge: "Models can be at most 50 MB. Simplify or split the model and upload it again.",
  notModel:
    "That file is not an STL, OBJ or 3MF model we can read. Export it from your design program as STL, OBJ or 3MF and upload it again.",
  tooManyTriangles: "This model has more than 5,000,000 triangles. Simplify it in your design program and upload it again.",
  empty: "This file has no triangles in it. Export the model again and upload it.",
  tooSlow: "This model took too long to measure. Simplify it in your design program and upload it again.",
} as const;

export const CALIBRATION_MESSAGES = {
  modelMissing: "Choose the model (STL, OBJ or 3MF) you sliced.",
  gcodeMissing: "Choose the G-code your slicer made for it (.gcode, or a .3mf or .gcode.3mf with the G-code inside).",
  gcodeTooLarge: "G-code files can be at most 100 MB.",
  actualMinutes: "The real printing time must be a whole number of minutes from 1 to 100000, or left empty to use the slicer's.",
  notFound: "That sliced job was not found.",
} as const;

export const PRICING_MESSAGES = {
  body: "Send the whole pricing settings as JSON: { materials, printers, rules }.",
  materials: "Materials must be a list.",
  printers: "Printers must be a list.",
  rules: "Rules must be an object.",
  tooManyMaterials: "There can be at most 20 materials.",
  tooManyPrinters: "There can be at most 20 printers.",
  id: "Each id must be 1–32 lower-case letters, digits or hyphens, such as pla-basic.",
  duplicateMaterial: (id: string) => `Two materials have the id "${id}". Give each its own.`,
  duplicatePrinter: (id: string) => `Two printers have the id "${id}". Give each its own.`,
  name: "Each name must be 1–60 characters.",
  colours: "Each material needs 1–20 colours.",
  colour: "Each colour must be 1–40 characters.",
  duplicateColour: (colour: string) => `The colour "${colour}" is listed twice. List each colour once.`,
  density: "Density must be a number of g/cm³ from 0.5 to 5 (PLA is about 1.24).",
  pricePerKg: "Price per kg must be a whole number of pence from 1 to 100000 (£1,000).",
  waste: "Waste must be a percentage from 0 to 100.",
  bed: "The bed size must be three numbers of millimetres (x, y, z), each from 1 to 2000.",
  hourly: "The machine cost per hour must be a whole number of pence from 0 to 100000 (£1,000).",
  setup: "The setup charge per part must be a whole number of pence from 0 to 100000 (£1,000).",
  minimum: "The minimum order charge must be a whole number of pence from 0 to 1000000 (£10,000).",
  markup: "Markup must be a percentage from 0 to 1000.",
  infill: "Infill must be a percentage from 0 to 100.",
  supportBands: "There can be at most 10 support bands.",
  overhangOver: "A support band's overhang must be a fraction from 0 to 1 (0.2 is 20 % of the surface).",
  surcharge: "A support band's surcharge must be a percentage from 0 to 1000.",
  bandsOrder: "Support bands must go from the smallest overhang to the largest, each overhang once.",
  maxOverhang: "The largest overhang priced instantly must be a fraction from 0 to 1.",
  autoLimit: "The largest instant price must be a whole number of pence from 0 to 10000000 (£100,000).",
  instantOn: "Instant prices on must be true or false.",
  reviewAll: "I review every price must be true or false.",
  quantityBreaks: "There can be at most 10 quantity breaks.",
  breakFrom: "A quantity break must start at a whole number of copies from 2 to 1000.",
  discount: "A quantity break's discount must be a percentage from 0 to 90.",
  breaksOrder: "Quantity breaks must go from the smallest quantity to the largest, each quantity once.",
  needsMaterialAndPrinter: "Add at least one material and one printer before switching instant prices on.",
} as const;

const idSchema = z
  .string({ error: PRICING_MESSAGES.id })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: PRICING_MESSAGES.id });
const nameSchema = z
  .string({ error: PRICING_MESSAGES.name })
  .trim()
  .min(1, { error: PRICING_MESSAGES.name })
  .max(60, { error: PRICING_MESSAGES.name });
const numberIn = (message: string, min: number, max: number) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
const wholeIn = (message: string, min: number, max: number) => numberIn(message, min, max).int({ error: message });

const materialSchema = z.object(
  {
    id: idSchema,
    name: nameSchema,
    colours: z
      .array(
        z
          .string({ error: PRICING_MESSAGES.colour })
          .trim()
          .min(1, { error: PRICING_MESSAGES.colour })
          .max(40, { error: PRICING_MESSAGES.colour }),
        {
          error: PRICING_MESSAGES.colours,
        },
      )
      .min(1, { error: PRICING_MESSAGES.colours })
      .max(20, { error: PRICING_MESSAGES.colours })
      .superRefine((colours, context) => {
        const twice = colours.find((colour, index) => colours.indexOf(colour) !== index);
        if (twice !== undefined) context.addIssue({ code: "custom", message: PRICING_MESSAGES.duplicateColour(twice) });
      }),
    density_g_cm3: numberIn(PRICING_MESSAGES.density, 0.5, 5),
    price_per_kg_pence: wholeIn(PRICING_MESSAGES.pricePerKg, 1, 100_000),
    waste_pct: numberIn(PRICING_MESSAGES.waste, 0, 100),
  },
  { error: "Each material must be an object." },
);

const printerSchema = z.object(
  {
    id: idSchema,
    name: nameSchema,
    bed_mm: z.tuple(
      [numberIn(PRICING_MESSAGES.bed, 1, 2000), numberIn(PRICING_MESSAGES.bed, 1, 2000), numberIn(PRICING_MESSAGES.bed, 1, 2000)],
      {
        error: PRICING_MESSAGES.bed,
      },
    ),
    hourly_pence: wholeIn(PRICING_MESSAGES.hourly, 0, 100_000),
  },
  { error: "Each printer must be an object." },
);

/** Strictly ascending by `key`: each threshold once, in the order the price rule walks them. */
function ascending<T>(key: (item: T) => number, message: string) {
  return (items: T[], context: z.RefinementCtx) => {
    if (items.some((item, index) => index > 0 && key(item) <= key(items[index - 1] as T))) context.addIssue({ code: "custom", message });
  };
}

const rulesSchema = z.object(
  {
    setup_pence: wholeIn(PRICING_MESSAGES.setup, 0, 100_000),
    minimum_pence: wholeIn(PRICING_MESSAGES.minimum, 0, 1_000_000),
    markup_pct: numberIn(PRICING_MESSAGES.markup, 0, 1000),
    infill_pct: numberIn(PRICING_MESSAGES.infill, 0, 100),
    support_bands: z
      .array(
        z.object(
          { overhang_over: numberIn(PRICING_MESSAGES.overhangOver, 0, 1), surcharge_pct: numberIn(PRICING_MESSAGES.surcharge, 0, 1000) },
          { error: "Each support band must be an object." },
        ),
        { error: PRICING_MESSAGES.supportBands },
      )
      .max(10, { error: PRICING_MESSAGES.supportBands })
      .superRefine(ascending((band) => band.overhang_over, PRICING_MESSAGES.bandsOrder)),
    max_overhang_fraction: numberIn(PRICING_MESSAGES.maxOverhang, 0, 1),
    auto_limit_pence: wholeIn(PRICING_MESSAGES.autoLimit, 0, 10_000_000),
    instant_on: z.boolean({ error: PRICING_MESSAGES.instantOn }),
    review_all: z.boolean({ error: PRICING_MESSAGES.reviewAll }),
    quantity_breaks: z
      .array(
        z.object(
          { from: wholeIn(PRICING_MESSAGES.breakFrom, 2, 1000), discount_pct: numberIn(PRICING_MESSAGES.discount, 0, 90) },
          { error: "Each quantity break must be an object." },
        ),
        { error: PRICING_MESSAGES.quantityBreaks },
      )
      .max(10, { error: PRICING_MESSAGES.quantityBreaks })
      .superRefine(ascending((step) => step.from, PRICING_MESSAGES.breaksOrder)),
  },
  { error: PRICING_MESSAGES.rules },
);

function uniqueIds(message: (id: string) => string) {
  return (items: { id: string }[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const [index, { id }] of items.entries()) {
      if (seen.has(id)) context.addIssue({ code: "custom", message: message(id), path: [index, "id"] });
      seen.add(id);
    }
  };
}

/** The whole settings object; unknown keys are dropped, so what is stored is exactly the contract's shape. */
export const pricingSettingsSchema = z
  .object(
    {
      materials: z
        .array(materialSchema, { error: PRICING_MESSAGES.materials })
        .max(20, { error: PRICING_MESSAGES.tooManyMaterials })
        .superRefine(uniqueIds(PRICING_MESSAGES.duplicateMaterial)),
      printers: z
        .array(printerSchema, { error: PRICING_MESSAGES.printers })
        .max(20, { error: PRICING_MESSAGES.tooManyPrinters })
        .superRefine(uniqueIds(PRICING_MESSAGES.duplicatePrinter)),
      rules: rulesSchema,
    },
    { error: PRICING_MESSAGES.body },
  )
  .superRefine((settings, context) => {
    if (settings.rules.instant_on && (settings.materials.length === 0 || settings.printers.length === 0)) {
      context.addIssue({ code: "custom", message: PRICING_MESSAGES.needsMaterialAndPrinter, path: ["rules", "instant_on"] });
    }
  }) satisfies z.ZodType<PricingSettings>;

/** `POST /api/models/price`'s body. */
export const priceRequestSchema = z.object(
  {
    token: z
      .string({ error: PRICE_MESSAGES.token })
      .trim()
      .min(1, { error: PRICE_MESSAGES.token })
      .max(64, { error: PRICE_MESSAGES.modelNotFound }),
    material: z.string({ error: PRICE_MESSAGES.material }).trim().min(1, { error: PRICE_MESSAGES.material }).max(64),
    colour: z.string({ error: PRICE_MESSAGES.colour }).trim().min(1, { error: PRICE_MESSAGES.colour }).max(64),
    quantity: wholeIn(PRICE_MESSAGES.quantity, 1, MODEL_MAX_QUANTITY),
    scale: numberIn(PRICE_MESSAGES.scale, MIN_SCALE, MAX_SCALE).optional(),
  },
  { error: PRICE_MESSAGES.body },
);

/** `actual_minutes` of the calibration form: absent or blank is none. */
export const actualMinutesSchema = z
  .string({ error: CALIBRATION_MESSAGES.actualMinutes })
  .trim()
  .optional()
  .transform((text) => (text ? Number(text) : null))
  .pipe(wholeIn(CALIBRATION_MESSAGES.actualMinutes, 1, 100_000).nullable());
