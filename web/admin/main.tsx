import { createElement, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SiteHeader, type SiteHeaderProps } from "../islands/SiteHeader";
import { AdminApp } from "./AdminApp";
import { ADMIN_MOUNT_ID } from "./mount";
import { registerAdminWorker } from "./push-device";

/**
 * The only script /admin loads (the storefront's island script never runs
 * here). It hydrates the layout's header, which it shares with the
 * storefront, and takes over the server's 'Checking session...' shell.
 */
for (const element of document.querySelectorAll<HTMLElement>('[data-island="SiteHeader"]')) {
  const props = JSON.parse(element.dataset.props ?? "{}") as SiteHeaderProps;
  hydrateRoot(element, createElement(SiteHeader, props));
}

const mount = document.getElementById(ADMIN_MOUNT_ID);
if (mount) {
  createRoot(mount).render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
}

// The installable admin's worker (scope /admin/): the To make queue readable offline, and the owner's alerts.
registerAdminWorker()?.catch(() => undefined);
