import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PUBLIC, routePolicy } from "../../http/route-policy";

export function categoryRoutes({ categories }: Pick<Deps, "categories">) {
  return new Elysia({ name: "categories" }).use(routePolicy).get("/api/categories", () => categories.listCategories(), { policy: PUBLIC });
}
