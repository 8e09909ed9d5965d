import { keyDateShown, type OrderBy } from "../../../shared/key-dates";
import { ukDayAndHour, ukToday } from "../../../shared/uk-day";
import { countingDay, dispatchBy, lastOrderDay } from "../../../shared/working-days";
import type { DispatchSettings } from "../content/model";
import type { ContentService } from "../content/service";

export type DispatchPromise = ReturnType<typeof createDispatchPromise>;

/** What the product page promises an order placed now: the day, and whether "now" still counts as today. */
export type PromiseNow = { dispatchBy: string; countsFromToday: boolean; cutOffHour: number };

/**
 * The dispatch date promised before purchase (docs/decisions/0015-working-days.md), from the shop's clock and
 * configuration: the one place the rule of shared/working-days.ts meets the settings.
 */
export function createDispatchPromise({ content, now }: { content: ContentService; now: () => Date }) {
  return {
    settings: (): DispatchSettings => content.dispatchSettings(),

    /** For a lead time (null: the shop's default) and an order placed at `at` (default: now). */
    dispatchBy(leadTimeDays: number | null, settings: DispatchSettings = content.dispatchSettings(), at: Date = now()): string {
      return dispatchBy(at, leadTimeDays ?? settings.defaultLeadTimeDays, settings.cutOffHour);
    },

    /**
     * The key dates shown now, with the last day to order a product of this lead time for each
     * (docs/decisions/0049-gift-orders.md): dispatch within the lead time, then the date's delivery days.
     */
    orderBy(leadTimeDays: number, settings: DispatchSettings = content.dispatchSettings()): OrderBy[] {
      const today = ukToday(now());
      return settings.keyDates
        .filter((keyDate) => keyDateShown(keyDate.date, today))
        .map(({ name, date, delivery_days }) => ({ name, date, last_order_day: lastOrderDay(date, leadTimeDays + delivery_days) }));
    },

    /** The product page's promise for a product's effective lead time. */
    now(leadTimeDays: number): PromiseNow {
      const { cutOffHour } = content.dispatchSettings();
      const at = now();
      return {
        dispatchBy: dispatchBy(at, leadTimeDays, cutOffHour),
        countsFromToday: countingDay(at, cutOffHour) === ukDayAndHour(at).day,
        cutOffHour,
      };
    },
  };
}
