import { Elysia } from "elysia";
import type { Deps } from "../../deps";

export function categoryRoutes({ categories }: Pick<Deps, "categories">) {
  return new Elysia({ name: "categories" }).get("/api/categories", () => categories.listCategories());
}
