import { Elysia } from "elysia";
import { writeTransaction } from "../../db/transaction";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { parseOrBadRequest } from "../validate";
import {
  DISCOUNT_CODE_NOT_FOUND,
  DISCOUNT_CODES_PAGE_SIZE,
  discountCodeInputSchema,
  discountCodeListQuerySchema,
  discountCodeText,
} from "./model";

/** /admin/discounts: list, create or replace by code, and delete. Guarded by src/modules/admin. */
export function adminDiscountCodeRoutes({ db, discountCodes: store }: Pick<Deps, "db" | "discountCodes">) {
  return new Elysia({ name: "admin-discount-codes" })
    .get("/api/admin/discount-codes", ({ query, set }) => {
      // A page at a time in code order (docs/decisions/0059-every-list-bounded.md); the paging facts ride in headers,
      // as the orders list's do, so the answer stays the list it always was.
      const { codes, nextCursor } = store.page(parseOrBadRequest(discountCodeListQuerySchema, query).cursor ?? null);
      set.headers["x-page-size"] = String(DISCOUNT_CODES_PAGE_SIZE);
      if (nextCursor) set.headers["x-next-cursor"] = nextCursor;
      return codes;
    })
    .post("/api/admin/discount-codes", ({ body }) => {
      const input = parseOrBadRequest(discountCodeInputSchema, body);
      writeTransaction(db, () => store.save(input));
      return store.byCode(input.code);
    })
    .delete("/api/admin/discount-codes/:code", ({ params }) => {
      const code = discountCodeText.safeParse(decodeURIComponent(params.code));
      if (!code.success || !writeTransaction(db, () => store.remove(code.data))) throw new NotFound(DISCOUNT_CODE_NOT_FOUND);
      return { ok: true };
    });
}
