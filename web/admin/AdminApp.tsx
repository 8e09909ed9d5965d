import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { AdminNav } from "./AdminNav";
import { EmailSetupBanner } from "./EmailSetupBanner";
import { LoginView } from "./LoginView";
import { ADMIN_MOUNT_ID } from "./mount";
import { OfflineNotice } from "./OfflineNotice";
import { OneResultAtATime } from "./parts";
import { navigate, pageLabel, useAdminPath } from "./router";
import { SessionProvider, useSession } from "./session";

// Each screen is its own chunk: the login form never waits for the product editor.
const pages: Record<string, ComponentType> = {
  "/admin": lazy(() => import("./DashboardPage").then((module) => ({ default: module.DashboardPage }))),
  "/admin/orders": lazy(() => import("./orders/OrdersPage").then((module) => ({ default: module.OrdersPage }))),
  "/admin/products": lazy(() => import("./catalogue/ProductsPage").then((module) => ({ default: module.ProductsPage }))),
  "/admin/projects": lazy(() => import("./projects/ProjectsPage").then((module) => ({ default: module.ProjectsPage }))),
  "/admin/discounts": lazy(() => import("./discounts/DiscountsPage").then((module) => ({ default: module.DiscountsPage }))),
  "/admin/vouchers": lazy(() => import("./vouchers/VouchersPage").then((module) => ({ default: module.VouchersPage }))),
  "/admin/pricing": lazy(() => import("./pricing/PricingPage").then((module) => ({ default: module.PricingPage }))),
  "/admin/money": lazy(() => import("./money/MoneyPage").then((module) => ({ default: module.MoneyPage }))),
  "/admin/payouts": lazy(() => import("./money/PayoutsPage").then((module) => ({ default: module.PayoutsPage }))),
  "/admin/configuration": lazy(() => import("./settings/ConfigurationPage").then((module) => ({ default: module.ConfigurationPage }))),
};

export function AdminApp() {
  return (
    <SessionProvider>
      <AdminScreens />
    </SessionProvider>
  );
}

function AdminScreens() {
  const { status } = useSession();
  const path = useAdminPath();
  // Refresh remounts the current page, which loads its data afresh.
  const [generation, setGeneration] = useState(0);
  const label = pageLabel(path);

  useEffect(() => {
    // The server names the configured shop on the shell (web/routes/admin.tsx).
    const shopName = document.getElementById(ADMIN_MOUNT_ID)?.dataset.shopName ?? "";
    document.title = `${label ?? "Admin"} · Admin · ${shopName}`;
  }, [label]);
  useFocusHeadingOnNavigation(path);

  if (status === "checking") {
    return (
      <p className="admin-checking" role="status">
        Checking session...
      </p>
    );
  }
  if (status === "signed-out") return <LoginView />;

  const Page = pages[path];
  return (
    <>
      <AdminNav path={path} onRefresh={() => setGeneration((value) => value + 1)} />
      <OfflineNotice />
      <EmailSetupBanner />
      <Suspense
        fallback={
          <p className="admin-loading" role="status">
            Loading…
          </p>
        }
      >
        {/* While the next screen's chunk loads, the last one stays up: the wrapper says whose heading is whose. */}
        <div key={`${path}:${generation}`} data-admin-page={path}>
          <OneResultAtATime>{Page ? <Page /> : <UnknownPage />}</OneResultAtATime>
        </div>
      </Suspense>
    </>
  );
}

function UnknownPage() {
  return (
    <section className="admin-section">
      <h1>Page not found</h1>
      <p>There is no admin page at this address.</p>
      <button type="button" className="button button--primary" onClick={() => navigate("/admin")}>
        Go to the dashboard
      </button>
    </section>
  );
}

/**
 * After a client-side page change, focus moves to the new page's heading, as
 * a full page load would put a screen reader at the top; otherwise it would
 * fall to <body> with the nav button that was clicked, now disabled.
 */
function useFocusHeadingOnNavigation(path: string) {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>(`#${ADMIN_MOUNT_ID} [data-admin-page="${path}"] h1`);
      if (heading || ++tries > 40) clearInterval(timer);
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    }, 25);
    return () => clearInterval(timer);
  }, [path]);
}
