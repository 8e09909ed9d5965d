import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { SHOP } from "../lib/shop-info";
import { AdminNav } from "./AdminNav";
import { LoginView } from "./LoginView";
import { navigate, pageLabel, useAdminPath } from "./router";
import { SessionProvider, useSession } from "./session";

// Each screen is its own chunk: the login form never waits for the product editor.
const pages: Record<string, ComponentType> = {
  "/admin": lazy(() => import("./DashboardPage").then((module) => ({ default: module.DashboardPage }))),
  "/admin/orders": lazy(() => import("./OrdersPage").then((module) => ({ default: module.OrdersPage }))),
  "/admin/products": lazy(() => import("./ProductsPage").then((module) => ({ default: module.ProductsPage }))),
  "/admin/projects": lazy(() => import("./ProjectsPage").then((module) => ({ default: module.ProjectsPage }))),
  "/admin/configuration": lazy(() => import("./ConfigurationPage").then((module) => ({ default: module.ConfigurationPage }))),
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
    document.title = `${label ?? "Admin"} · Admin · ${SHOP.name}`;
  }, [label]);

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
      <Suspense fallback={<p className="admin-loading" role="status">Loading…</p>}>
        {Page ? <Page key={`${path}:${generation}`} /> : <UnknownPage />}
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
