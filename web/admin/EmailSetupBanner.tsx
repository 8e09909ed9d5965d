import { useEffect, useState } from "react";
import { apiCall } from "./api";

const EMAIL_NOT_SET_UP = "Email is not set up: customers are not receiving order or tracking emails.";

/**
 * Shown above every admin page while the shop has no mail service: order
 * confirmations and tracking emails wait in the outbox, unsent. The session
 * call says which (emailConfigured); the setting only changes with a restart,
 * so it is read once per sign-in.
 */
export function EmailSetupBanner() {
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    apiCall<{ emailConfigured?: boolean }>("/api/admin/session")
      .then((session) => live && setConfigured(session?.emailConfigured !== false))
      // A failed check shows no banner rather than a guess; a 401 has already ended the session.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (configured !== false) return null;
  return (
    <p className="admin-notice admin-notice--warning admin-banner" role="status">
      {EMAIL_NOT_SET_UP} <span>Set RESEND_API_KEY and MAIL_FROM and restart the shop; waiting emails then go out.</span>
    </p>
  );
}
