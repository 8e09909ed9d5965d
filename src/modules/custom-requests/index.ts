import { Elysia } from "elysia";
import type { Deps } from "../../deps";

// Filled in by the custom-request work in progress.
export function customRequestRoutes(_deps: Deps) {
  return new Elysia({ name: "custom-requests" });
}
