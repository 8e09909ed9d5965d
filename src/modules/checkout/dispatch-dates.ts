import type { Database } from "bun:sqlite";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import { extraPrintingDays } from "../instant-prices/printing-days";

/** A checkout line as far as its promise goes: a product's, or (meta.quoteId) a quote's; a model's printing hours add days. */
type Line = { productId: string; meta: { quoteId?: string; hours?: number } };

/**
 * Each line's promised dispatch day for an order placed at `placedAt` (docs/decisions/0015-working-days.md): a product's own
 * lead time or the shop's default, a quote's line the quote's lead_time_days, the same rule the
 * product pages use. The payment page shows these; the order keeps the latest of them.
 */
export function lineDispatchDays(db: Database, dispatch: DispatchPromise, lines: readonly Line[], placedAt: Date): string[] {
  const productLeadTime = db.query<{ lead_time_days: number | null }, [string]>("SELECT lead_time_days FROM products WHERE id = ?");
  const quoteLeadTime = db.query<{ lead_time_days: number }, [string]>("SELECT lead_time_days FROM quotes WHERE id = ?");
  const settings = dispatch.settings();
  return lines.map((line) => {
    const leadTime = line.meta.quoteId
      ? quoteLeadTime.get(line.meta.quoteId)?.lead_time_days
      : productLeadTime.get(line.productId)?.lead_time_days;
    if (line.meta.hours === undefined) return dispatch.dispatchBy(leadTime ?? null, settings, placedAt);
    // A shopper's model: the product's lead time plus the printing its hours need (docs/decisions/0042-instant-prices-calls-and-checkout.md).
    return dispatch.dispatchBy((leadTime ?? settings.defaultLeadTimeDays) + extraPrintingDays(line.meta.hours), settings, placedAt);
  });
}
