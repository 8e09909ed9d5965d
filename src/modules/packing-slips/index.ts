import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { ORDER_NOT_FOUND } from "../admin-orders/model";
import type { Order } from "../orders/model";
import { packingSlipsHtml } from "./page";

/** More than a day's packing on one print is a mistyped link, not a batch. */
export const MOST_SLIPS = 200;
export const NO_ORDERS_CHOSEN = "Choose at least one order for the packing slips.";
export const TOO_MANY_CHOSEN = `Choose at most ${MOST_SLIPS} orders for one print of packing slips.`;
/** Above the slips to dispatch when more orders wait than one print holds (on screen only). */
export const MORE_TO_DISPATCH = `These are the oldest ${MOST_SLIPS} orders waiting to be dispatched. Print them and add their tracking, then open this page again for the rest.`;

/**
 * The printable packing slips (docs/decisions/0019-packing-slips.md): server-rendered pages, not
 * routes of the admin app, so they print with JavaScript off. Registered inside
 * the admin guard (src/modules/admin), so a live session is needed like every
 * admin call; personal, never kept, never indexed.
 *   /admin/orders/{id}/slip  one order
 *   /admin/slips             the orders to dispatch (paid, not dispatched), the oldest MOST_SLIPS
 *   /admin/slips?ids=a,b     the orders chosen
 */
export function packingSlipRoutes({ packingSlips: slips, assets, content }: Pick<Deps, "packingSlips" | "assets" | "content">) {
  const page = (chosen: readonly Order[], title: string, notice?: string) =>
    new Response(packingSlipsHtml(chosen, { title, notice, stylesheet: assets.packingSlipStylesheet, shop: content.shopIdentity() }), {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });

  return new Elysia({ name: "packing-slips" })
    .get("/admin/orders/:id/slip", ({ params }) => {
      const chosen = slips.chosen([params.id]);
      if (!chosen) throw new NotFound(ORDER_NOT_FOUND);
      return page(chosen, "Packing slip");
    })
    .get("/admin/slips", ({ query }) => {
      if (query.ids === undefined) {
        const { orders, more } = slips.toDispatch(MOST_SLIPS);
        return page(orders, "Packing slips to dispatch", more ? MORE_TO_DISPATCH : undefined);
      }
      const ids = String(query.ids)
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean);
      if (ids.length === 0) throw new BadRequest(NO_ORDERS_CHOSEN);
      if (ids.length > MOST_SLIPS) throw new BadRequest(TOO_MANY_CHOSEN);
      const chosen = slips.chosen(ids);
      if (!chosen) throw new NotFound(ORDER_NOT_FOUND);
      return page(chosen, "Packing slips");
    });
}
