import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { parseOrBadRequest } from "../validate";
import { productIdSchema } from "./model";

export function catalogRoutes({ catalog }: Pick<Deps, "catalog">) {
  return new Elysia({ name: "catalog" })
    .get("/api/catalog", () => catalog.listProducts())
    .get("/api/products/:id", ({ params }) => {
      const id = parseOrBadRequest(productIdSchema, params.id);
      const product = catalog.getProduct(id);
      if (!product) throw new NotFound(`No product with id "${id}" exists.`);
      return product;
    });
}
