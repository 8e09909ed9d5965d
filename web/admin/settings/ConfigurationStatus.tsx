import { apiCall } from "../api";
import { EMAIL_SET_UP_STEP } from "../EmailSetupBanner";
import { Notice } from "../parts";
import { useLoad } from "../use-load";

type SessionStatus = { signedIn: boolean; emailConfigured?: boolean };

/**
 * The Configuration page's status check ('Unable to load configuration status' when it fails, decision 0029): what the
 * shop runs with that is set outside this page, today whether order and tracking emails go out. It is
 * read from the session call, as the banner above every page reads it.
 */
export function ConfigurationStatus() {
  const status = useLoad(() => apiCall<SessionStatus>("/api/admin/session"), "Unable to load configuration status");
  return (
    <section className="card admin-section admin-config__card" aria-labelledby="configuration-status-title">
      <h2 id="configuration-status-title">Status</h2>
      <Notice tone="error">{status.error}</Notice>
      {status.loading && !status.data ? (
        <p className="muted">Checking…</p>
      ) : (
        status.data &&
        (status.data.emailConfigured === false ? (
          <p>
            <strong>Email: not set up.</strong> {EMAIL_SET_UP_STEP}
          </p>
        ) : (
          <p>
            <strong>Email: set up.</strong> Order and tracking emails go out through Resend.
          </p>
        ))
      )}
    </section>
  );
}
