import { Elysia } from "elysia";
import type { Deps } from "../../deps";

// Filled in by the uploads work in progress.
export function uploadRoutes(_deps: Deps) {
  return new Elysia({ name: "uploads" });
}
