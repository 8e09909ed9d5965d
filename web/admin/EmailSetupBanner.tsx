import { useEffect, useState } from "react";
import { apiCall } from "./api";

const EMAIL_NOT_SET_UP = "Email is not set up: customers are not receiving order or tracking emails.";

/** What the owner does about it; said on the banner and on the Configuration page's status. */
export const EMAIL_SET_UP_STEP = "Set RESEND_API_KEY and MAIL_FROM and restart the shop; waiting emails then go out.";

/**
 * Whether the shop has a mail service (the session call's emailConfigured):
 * null until known. The setting only changes with a restart, so a screen reads it once.
 */
export function useEmailConfigured(): boolean | null {
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    apiCall<{ emailConfigured?: boolean }>("/api/admin/session")
      .then((session) => live && setConfigured(session?.emailConfigured !== false))
      // A failed check says nothing rather than guess; a 401 has already ended the session.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return configured;
}

/**
 * Shown above every admin page while the shop has no mail service: order
 * confirmations and tracking emails wait in the outbox, unsent.
 */
export function EmailSetupBanner() {
  if (useEmailConfigured() !== false) return null;
  return (
    // On a phone it folds to its first line (web/styles/admin/shell.css); the whole text is its title there.
    <p
      className="admin-notice admin-notice--warning admin-banner admin-banner--one-line"
      role="status"
      title={`${EMAIL_NOT_SET_UP} ${EMAIL_SET_UP_STEP}`}
    >
      {EMAIL_NOT_SET_UP} <span>{EMAIL_SET_UP_STEP}</span>
    </p>
  );
}
