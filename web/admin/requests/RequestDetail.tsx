import { apiCall, enc } from "../api";
import { useEmailConfigured } from "../EmailSetupBanner";
import { Notice, shortDate } from "../parts";
import { RemovedFileLine } from "../RemovedFile";
import type { CustomRequestDetail } from "../types";
import { useLoad } from "../use-load";
import { attachmentUrl, REQUEST_STATUS_LABELS } from "./CustomRequestsSection";
import { QuoteEditor } from "./QuoteEditor";
import { QuoteHistory } from "./QuoteHistory";

/** One custom request (/admin/orders?request=…): what was asked, the quotes sent for it, and the editor for the next. */
export function RequestDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const {
    data: request,
    error,
    loading,
    reload,
  } = useLoad(() => apiCall<CustomRequestDetail>(`/api/admin/custom-requests/${enc(id)}`), "Unable to load this request. Try refreshing.");
  const emailConfigured = useEmailConfigured();

  return (
    <>
      <p className="admin-back">
        <button type="button" className="link-button admin-back__button" onClick={onBack}>
          ← All orders and requests
        </button>
      </p>
      {!request ? (
        <>
          <h1>Custom request</h1>
          {loading ? <p className="muted">Loading the request…</p> : <Notice tone="error">{error}</Notice>}
        </>
      ) : (
        <>
          <header className="admin-page__header">
            <h1>Custom request from {request.name}</h1>
          </header>
          <Notice tone="error">{error}</Notice>
          <div className="admin-columns admin-request">
            <section className="card admin-section admin-request__asked" aria-labelledby="request-asked-title">
              <h2 id="request-asked-title">The request</h2>
              <dl className="admin-facts">
                <div>
                  <dt>Received</dt>
                  <dd>
                    {shortDate(request.created_at)} · <span className="admin-mono">{request.id}</span>
                  </dd>
                </div>
                <div>
                  <dt>From</dt>
                  <dd>
                    {request.name} · <a href={`mailto:${request.email}`}>{request.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>Details</dt>
                  <dd className="admin-quote-version__text">{request.details}</dd>
                </div>
                {(request.material || request.color) && (
                  <div>
                    <dt>Material and colour</dt>
                    <dd>{[request.material, request.color].filter(Boolean).join(" · ")}</dd>
                  </div>
                )}
                <div>
                  <dt>Status</dt>
                  <dd>{REQUEST_STATUS_LABELS[request.status] ?? request.status}</dd>
                </div>
                <div>
                  <dt>Attachments</dt>
                  <dd>
                    {request.attachments.length === 0 ? (
                      "None"
                    ) : (
                      <ul className="admin-plain-list">
                        {request.attachments.map((attachment) => (
                          <li key={attachment.id}>
                            {attachment.removed_at ? (
                              <RemovedFileLine file={{ name: attachment.filename, removed_at: attachment.removed_at }} />
                            ) : (
                              <a href={attachmentUrl(request.id, attachment.id)} download={attachment.filename}>
                                {attachment.filename}
                              </a>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </div>
              </dl>
            </section>
            <section className="card admin-section admin-request__history" aria-labelledby="request-quotes-title">
              <h2 id="request-quotes-title">Quotes</h2>
              {/* Until the server lists quotes with the request, there are none to show. */}
              <QuoteHistory quotes={request.quotes} onChanged={reload} />
            </section>
            <section className="card admin-section admin-request__editor" aria-labelledby="request-editor-title">
              <h2 id="request-editor-title">Write a quote</h2>
              <QuoteEditor
                request={request}
                // Filled from the estimate only until the first quote goes: after that the owner starts afresh.
                draft={request.quotes.length === 0 ? request.quote_draft : null}
                emailConfigured={emailConfigured}
                onSent={() => void reload()}
              />
            </section>
          </div>
        </>
      )}
    </>
  );
}
