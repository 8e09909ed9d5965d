import { Elysia } from "elysia";
import type { Deps } from "../../deps";

// Filled in by the admin work in progress.
export function adminCatalogRoutes(_deps: Deps) {
  return new Elysia({ name: "admin-catalog" });
}
