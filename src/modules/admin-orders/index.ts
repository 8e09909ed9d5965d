import { Elysia } from "elysia";
import type { Deps } from "../../deps";

// Filled in by the admin work in progress.
export function adminOrderRoutes(_deps: Deps) {
  return new Elysia({ name: "admin-orders" });
}
