import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { parseOrBadRequest } from "../validate";
import { configInputSchema, PROJECT_NOT_FOUND, projectInputSchema } from "./model";

/** /admin/projects and /admin/configuration. GET /api/admin/projects is also the client's session check. */
export function adminContentRoutes({ adminContent: admin, content }: Pick<Deps, "adminContent" | "content">) {
  return new Elysia({ name: "admin-content" })
    .get("/api/admin/projects", () => content.listProjects())
    .post("/api/admin/projects", ({ body }) => admin.saveProject(parseOrBadRequest(projectInputSchema, body)))
    .delete("/api/admin/projects/:id", ({ params }) => {
      if (!admin.deleteProject(params.id)) throw new NotFound(PROJECT_NOT_FOUND);
      return { ok: true };
    })
    .get("/api/admin/configuration", () => content.readConfig())
    .post("/api/admin/configuration", ({ body }) => admin.saveConfig(parseOrBadRequest(configInputSchema, body)));
}
