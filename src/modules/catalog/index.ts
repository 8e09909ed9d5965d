import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { responseOfBytes } from "../../http/response-cache";
import { PUBLIC, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { productIdSchema } from "./model";

/** Answers a GET from what is kept for its URL, or makes it (src/http/response-cache.ts). */
export type KeptAnswer = (request: Request, produce: () => Response) => Response | Promise<Response>;

/** What Response.json says, for the catalogue's JSON made from its products' own. */
const JSON_TYPE = { "content-type": "application/json;charset=utf-8" };

const makeNow: KeptAnswer = (_request, produce) => produce();

export function catalogRoutes({ catalog }: Pick<Deps, "catalog">, keep: KeptAnswer = makeNow) {
  return new Elysia({ name: "catalog" })
    .use(routePolicy)
    .get("/api/catalog", ({ request }) => keep(request, () => responseOfBytes(catalog.listProductsJson(), { headers: JSON_TYPE })), {
      policy: PUBLIC,
    })
    .get(
      "/api/products/:id",
      ({ params, request }) => {
        const id = parseOrBadRequest(productIdSchema, params.id);
        return keep(request, () => {
          const product = catalog.getProduct(id);
          if (!product) throw new NotFound(`No product with id "${id}" exists.`);
          return Response.json(product);
        });
      },
      { policy: PUBLIC },
    );
}
