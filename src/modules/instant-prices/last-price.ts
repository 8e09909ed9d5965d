/**
 * The prices the price call answered for a model (uploads.model_price): at the scale last asked for, each
 * material, colour and number of copies priced and the amount the shopper was shown. The checkout prices the
 * model again and compares (docs/decisions/0042-instant-prices-calls-and-checkout.md); the scale lives only
 * here, since a basket line carries the model's token, material and colour, and one entry per copy. A new
 * scale starts the list again: the prices at the old one are no longer what the page shows.
 */
export type ShownModelPrices = {
  scale: number;
  /** By `choiceKey`, newest last. */
  shown: Record<string, { status: "instant" | "review"; amount_pence: number | null }>;
};

/** Enough for every choice a shopper tries in one sitting; the oldest go first past it. */
const MOST_REMEMBERED = 60;

export type ModelChoice = { material: string; colour: string; quantity: number };

function choiceKey({ material, colour, quantity }: ModelChoice): string {
  return JSON.stringify([material, colour, quantity]);
}

/** The list after one more answer at `scale`. */
export function withShownPrice(
  before: ShownModelPrices | null,
  scale: number,
  choice: ModelChoice,
  answer: ShownModelPrices["shown"][string],
): ShownModelPrices {
  const kept = before && before.scale === scale ? { ...before.shown } : {};
  const key = choiceKey(choice);
  delete kept[key];
  kept[key] = answer;
  const keys = Object.keys(kept);
  for (const old of keys.slice(0, Math.max(0, keys.length - MOST_REMEMBERED))) delete kept[old];
  return { scale, shown: kept };
}

/** The amount shown for these choices at the remembered scale, or undefined when they were never priced. */
export function shownAmount(prices: ShownModelPrices | null, choice: ModelChoice): number | null | undefined {
  return prices?.shown[choiceKey(choice)]?.amount_pence;
}
