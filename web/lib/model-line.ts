import type { ModelAnalysis } from "../../shared/instant-prices";

/** What an order line of a shopper's own model carries (src/modules/orders/model.ts, `OrderItemMeta`). */
export type ModelLineMeta = {
  modelToken?: string;
  modelName?: string;
  materialName?: string;
  colour?: string;
  scale?: number;
  analysis?: ModelAnalysis;
  grams?: number;
  hours?: number;
};

const oneDecimal = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** "PETG, Signal red" and, for a model drawn in inches, "printed ×25.4". */
export function modelChoiceText(meta: ModelLineMeta): string {
  const choice = [meta.materialName, meta.colour].filter(Boolean).join(", ");
  return meta.scale && meta.scale !== 1 ? `${choice} · printed ×${meta.scale}` : choice;
}

/**
 * The model's measurements as the shop took them, at the scale it is printed: size, volume, what the printer
 * will make of it, and the estimate's filament and time for the whole line. Empty when the line has none.
 */
export function modelAnalysisFacts(meta: ModelLineMeta): string[] {
  const facts: string[] = [];
  const analysis = meta.analysis;
  if (analysis) {
    facts.push(`${analysis.bbox_mm.map((side) => oneDecimal.format(side)).join(" × ")} mm`);
    facts.push(`${oneDecimal.format(analysis.volume_mm3 / 1000)} cm³`);
    facts.push(analysis.watertight ? "watertight" : "not watertight");
    facts.push(analysis.shells === 1 ? "1 shell" : `${whole.format(analysis.shells)} shells`);
    facts.push(`${whole.format(analysis.overhang_fraction * 100)} % overhang`);
  }
  if (meta.grams !== undefined) facts.push(`about ${whole.format(meta.grams)} g`);
  if (meta.hours !== undefined) facts.push(`about ${oneDecimal.format(meta.hours)} h printing`);
  return facts;
}
