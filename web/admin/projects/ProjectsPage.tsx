import { Fragment, useState } from "react";
import { apiCall, enc } from "../api";
import { AdminTable, deleteRow, EditorRow, ListPageHeader, Notice, ResultNotice, RowActions, useResult } from "../parts";
import type { Project } from "../types";
import { useLoad } from "../use-load";
import { ProjectEditor } from "./ProjectEditor";

/** /admin/projects: the home carousel's projects (docs/product.md#projects). */
export function ProjectsPage() {
  const projects = useLoad(() => apiCall<Project[]>("/api/admin/projects"), "Unable to load projects");
  // The editor is closed, creating ('new') or editing one project (docs/product.md#projects).
  const [editing, setEditing] = useState<null | "new" | string>(null);
  const result = useResult();
  const list = projects.data ?? [];

  const remove = (project: Project) =>
    deleteRow(result, {
      question: "Delete this project?",
      path: `/api/admin/projects/${enc(project.id)}`,
      name: project.title,
      reload: projects.reload,
      onDeleted: () => {
        if (editing === project.id) setEditing(null);
      },
    });

  const editor = (project: Project | null) => (
    <ProjectEditor
      key={project?.id ?? "new"}
      project={project}
      onCancel={() => setEditing(null)}
      onSaved={async () => {
        setEditing(null);
        result.succeed("Project saved.");
        await projects.reload();
      }}
    />
  );

  return (
    <div className="admin-page">
      <ListPageHeader
        title="Projects"
        noun="project"
        adding={editing === "new"}
        onToggle={() => setEditing(editing === "new" ? null : "new")}
      />
      {/* A failed load is the newest result there is; otherwise the last action's. */}
      {projects.error ? <Notice tone="error">{projects.error}</Notice> : <ResultNotice state={result} />}

      <section className="admin-section card" aria-label="Projects">
        {editing === "new" && <div className="admin-editor-block">{editor(null)}</div>}
        {list.length === 0 ? (
          // After a failed load the list is unknown, not empty: the error above says so, nothing more.
          !projects.error && <p className="muted">{projects.loading ? "Loading projects…" : "No projects found."}</p>
        ) : (
          <AdminTable
            label="Projects table"
            className="admin-table--projects"
            columns={["Project", "Link", { label: "Sort", align: "num" }, "Actions"]}
          >
            {list.map((project) => {
              const open = editing === project.id;
              return (
                <Fragment key={project.id}>
                  <tr className={open ? "admin-row--open" : undefined}>
                    <td>
                      <div className="admin-project-cell">
                        {project.image_url ? (
                          <img
                            className="admin-thumb admin-thumb--wide"
                            src={project.image_url}
                            alt=""
                            loading="lazy"
                            width={96}
                            height={64}
                          />
                        ) : (
                          <span className="admin-thumb admin-thumb--wide admin-thumb--empty">No image</span>
                        )}
                        <span>
                          <span className="admin-cell-title">{project.title}</span>
                          <span className="admin-cell-sub admin-mono">{project.id}</span>
                          <span className="admin-cell-sub admin-clamp">{project.description}</span>
                        </span>
                      </div>
                    </td>
                    <td>
                      {project.link_url ? (
                        <a href={project.link_url} target="_blank" rel="noopener noreferrer">
                          {project.link_label || project.link_url}
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="admin-num">{project.sort}</td>
                    <td>
                      <RowActions
                        name={project.title}
                        open={open}
                        onEdit={() => setEditing(open ? null : project.id)}
                        onDelete={() => void remove(project)}
                      />
                    </td>
                  </tr>
                  {open && <EditorRow columns={4}>{editor(project)}</EditorRow>}
                </Fragment>
              );
            })}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
