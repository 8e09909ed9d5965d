/**
 * Instant prices for a shopper's own model: the shapes every side agrees on. The server analyses and prices
 * (src/modules/instant-prices/), the product page and the owner's Pricing page show what it answers
 * (web/islands/, web/admin/pricing/). Field names follow the calls' JSON exactly (snake_case), so one type
 * serves the answer, the stored settings and the page that reads them.
 */

/** What the server measured in an uploaded model, at the scale it was drawn (millimetres). */
export type ModelAnalysis = {
  volume_mm3: number;
  area_mm2: number;
  /** Bounding box along X, Y and Z (Z up, as a slicer lays it on the bed). */
  bbox_mm: [x: number, y: number, z: number];
  /** Separate closed pieces (connected groups of triangles). */
  shells: number;
  /** Every edge shared by exactly two triangles. */
  watertight: boolean;
  /**
   * Area of faces pointing down more than 45° from vertical, over the total area; faces resting on the bed
   * (at the lowest Z) are left out.
   */
  overhang_fraction: number;
  /** Largest side under 5 mm, or the model would fit a bed only if it was drawn in inches: offer ×25.4. */
  units_suspect: boolean;
};

/** The answer of `POST /api/models/upload`. */
export type ModelUploadAnswer = ModelAnalysis & {
  token: string;
  filename: string;
  /** Ids of the printers whose bed holds the model (src/modules/instant-prices/ decides how it may be turned). */
  fits: string[];
};

export type PricingMaterial = {
  id: string;
  name: string;
  colours: string[];
  density_g_cm3: number;
  price_per_kg_pence: number;
  waste_pct: number;
};

export type PricingPrinter = {
  id: string;
  name: string;
  bed_mm: [x: number, y: number, z: number];
  hourly_pence: number;
};

export type SupportBand = { overhang_over: number; surcharge_pct: number };
export type QuantityBreak = { from: number; discount_pct: number };

export type PricingRules = {
  setup_pence: number;
  minimum_pence: number;
  markup_pct: number;
  infill_pct: number;
  support_bands: SupportBand[];
  max_overhang_fraction: number;
  auto_limit_pence: number;
  instant_on: boolean;
  review_all: boolean;
  quantity_breaks: QuantityBreak[];
};

/** `GET`/`PUT /api/admin/pricing`: the whole settings object. */
export type PricingSettings = {
  materials: PricingMaterial[];
  printers: PricingPrinter[];
  rules: PricingRules;
};

/** `POST /api/models/price`'s body. */
export type PriceRequest = {
  token: string;
  material: string;
  colour: string;
  quantity: number;
  scale?: number;
};

export type PriceBreakdown = {
  material_pence: number;
  machine_pence: number;
  setup_pence: number;
  support_pence: number;
  markup_pence: number;
  /** Taken off for the quantity break the line reaches (0 when none). */
  discount_pence: number;
  /** Added to reach the minimum order charge (0 when the figures reach it). The lines add up to the amount. */
  minimum_top_up_pence: number;
};

/** `POST /api/models/price`'s answer. Amounts are for the whole quantity. */
export type PriceAnswer = {
  status: "instant" | "review";
  /** Null when `status` is `review`. */
  amount_pence: number | null;
  range_pence: [low: number, high: number];
  /**
   * True from the owner's tenth sliced job: `amount_pence` is shown as the price. Before, the prices are
   * shown as `range_pence`, since the starting numbers were not measured on the owner's printers.
   */
  calibrated: boolean;
  breakdown: PriceBreakdown;
  /** Filament for the whole quantity, grams. */
  grams: number;
  /** Printer time for the whole quantity, hours. */
  hours: number;
  /** Why a person must price it; empty when instant. Each a sentence for the shopper. */
  reasons: string[];
  /** The dispatch date promised for this line, `YYYY-MM-DD` in UK time. */
  dispatch_by: string;
};

/** One of the owner's sliced jobs, as `GET /api/admin/pricing/calibration` lists it. */
export type CalibrationJobView = {
  id: string;
  model_filename: string;
  grams: number;
  minutes: number;
  predicted_grams: number;
  predicted_minutes: number;
};

export type CalibrationSummary = {
  count: number;
  /** Null until there are enough jobs to measure a leave-one-out error. */
  median_error_pct: number | null;
  p90_error_pct: number | null;
};

export type CalibrationView = CalibrationSummary & { jobs: CalibrationJobView[] };
