import { lazy, Suspense, useState } from "react";
import { apiAnswer, apiCall, enc, failureText, isSessionEnd } from "../api";
import { CursorPager } from "../CursorPager";
import { AdminTable, Notice, shortDate } from "../parts";
import { RemovedFileLine } from "../RemovedFile";
import { navigate } from "../router";
import { CUSTOM_REQUEST_STATUSES, type CustomRequest } from "../types";
import { useLoad } from "../use-load";
import type { ModelFile } from "./ModelViewer";

// The viewer, and three.js behind it, load only when the owner opens a model.
const ModelViewer = lazy(() => import("./ModelViewer").then((module) => ({ default: module.ModelViewer })));

/** STL, OBJ and 3MF attachments (a model sent by "Ask for a price" may be 3MF) can be looked at in 3D. */
function isModelFile(filename: string): boolean {
  return /\.(stl|obj|3mf)$/i.test(filename);
}

export function attachmentUrl(requestId: string, attachmentId: string): string {
  return `/api/admin/custom-requests/${enc(requestId)}/attachments/${enc(attachmentId)}/download`;
}

export const REQUEST_STATUS_LABELS: Record<string, string> = {
  open: "Open",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

type Page = { requests: CustomRequest[]; next: string | null };

/**
 * Any status at any time; attachments download as files, and models open in 3D (docs/product.md#request-status). Open
 * leads to the request's quotes (docs/decisions/0014-quotes.md). Newest first, a page at a time by cursor, as the
 * orders list (docs/decisions/0059-every-list-bounded.md): `cursors` holds the X-Next-Cursor that led to each page
 * after the first, so Newer drops the last and Older goes on with the page's own.
 */
export function CustomRequestsSection() {
  const [cursors, setCursors] = useState<string[]>([]);
  return <RequestPage key={cursors.length} cursors={cursors} onPage={setCursors} />;
}

/** One page of requests; remounted for each page, so it loads once each. */
function RequestPage({ cursors, onPage }: { cursors: string[]; onPage: (cursors: string[]) => void }) {
  const cursor = cursors.at(-1);
  const {
    data: page,
    error,
    loading,
  } = useLoad(async (): Promise<Page> => {
    const path = cursor ? `/api/admin/custom-requests?cursor=${encodeURIComponent(cursor)}` : "/api/admin/custom-requests";
    const { data: requests, headers } = await apiAnswer<CustomRequest[]>(path);
    return { requests, next: headers.get("x-next-cursor") };
  }, "Auth failed or server error");
  const data = page?.requests;
  const pageNumber = cursors.length + 1;
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState("");
  const [viewing, setViewing] = useState<ModelFile | null>(null);

  async function changeStatus(request: CustomRequest, status: string) {
    const before = statuses[request.id] ?? request.status;
    setStatuses((current) => ({ ...current, [request.id]: status }));
    setSaveError("");
    try {
      await apiCall(`/api/admin/custom-requests/${enc(request.id)}/status`, { method: "POST", json: { status } });
    } catch (caught) {
      setStatuses((current) => ({ ...current, [request.id]: before }));
      if (!isSessionEnd(caught)) setSaveError(failureText(caught, "Save failed", "Save failed: network error"));
    }
  }

  return (
    <section className="admin-section card" aria-labelledby="custom-requests-title">
      <h2 id="custom-requests-title">Custom requests</h2>
      <Notice tone="error">{error || saveError}</Notice>
      {loading && !data ? (
        <p className="muted">Loading custom requests…</p>
      ) : !data || data.length === 0 ? (
        !error && <p className="muted">{pageNumber > 1 ? "No more custom requests." : "No custom requests yet."}</p>
      ) : (
        <AdminTable
          label="Custom requests"
          className="admin-table--cards admin-table--requests"
          columns={["Received", "From", "Details", "Attachments", "Status"]}
        >
          {data.map((request) => (
            <tr key={request.id}>
              <td className="admin-nowrap" data-label="Received">
                {shortDate(request.created_at)}
              </td>
              <td data-label="From">
                <span className="admin-cell-title">{request.name}</span>
                <a className="admin-cell-sub" href={`mailto:${request.email}`}>
                  {request.email}
                </a>
                <button
                  type="button"
                  className="button button--ghost admin-button--small admin-request-open"
                  aria-label={`Open and quote the request from ${request.name}`}
                  onClick={() => navigate("/admin/orders", { request: request.id })}
                >
                  Open and quote
                </button>
              </td>
              <td className="admin-details" data-label="Details">
                <p>{request.details}</p>
                {(request.material || request.color) && (
                  <span className="admin-cell-sub">{[request.material, request.color].filter(Boolean).join(" · ")}</span>
                )}
              </td>
              <td data-label="Attachments">
                {request.attachments.length === 0 ? (
                  "—"
                ) : (
                  <ul className="admin-plain-list">
                    {request.attachments.map((attachment) => {
                      const url = attachmentUrl(request.id, String(attachment.id));
                      return (
                        <li key={attachment.id} className="admin-attachment">
                          {attachment.removed_at ? (
                            <RemovedFileLine file={{ name: attachment.filename, removed_at: attachment.removed_at }} />
                          ) : (
                            <a href={url} download={attachment.filename}>
                              {attachment.filename}
                            </a>
                          )}
                          {isModelFile(attachment.filename) && !attachment.removed_at && (
                            <button
                              type="button"
                              className="button button--ghost admin-button--small"
                              aria-label={`View 3D: ${attachment.filename}`}
                              onClick={() => setViewing({ url, filename: attachment.filename })}
                            >
                              View 3D
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
              <td data-label="Status">
                <select
                  className="admin-select"
                  aria-label={`Status of the request from ${request.name}`}
                  value={statuses[request.id] ?? request.status}
                  onChange={(event) => void changeStatus(request, event.target.value)}
                >
                  {CUSTOM_REQUEST_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {REQUEST_STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {(pageNumber > 1 || page?.next) && (
        <CursorPager label="Custom request pages" cursors={cursors} next={page?.next} onPage={onPage} back="Newer" forward="Older" />
      )}
      {viewing && (
        <Suspense
          fallback={
            <p className="admin-notice admin-notice--info" role="status">
              Opening the 3D view…
            </p>
          }
        >
          <ModelViewer file={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </section>
  );
}
