import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  Outlet,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { sharingPictureUrl } from "../../shared/derived-pictures";
import { formatPence } from "../../shared/money";
import { DEFAULT_SHOP_IDENTITY, type ShopIdentity, shopDescription } from "../../shared/shop-info";
import { THEME_BOOT_SCRIPT } from "../../shared/theme";
import { AnnouncementBar } from "../components/AnnouncementBar";
import { Island } from "../components/Island";
import { SharingMeta } from "../components/SharingMeta";
import { SiteFooter } from "../components/SiteFooter";
import { SiteHeader } from "../islands/SiteHeader";
import { absoluteUrl } from "../lib/urls";
import { depsOf } from "./context";
import { clientAppFrom, type PageMeta, pageMetaFrom } from "./meta";

/** What every page's layout needs: the header's categories, the delivery banner and who the shop is. */
export function rootLoader(args: LoaderFunctionArgs) {
  const { env, assets, categories, content } = depsOf(args);
  return {
    categories: categories.listCategories().map(({ id, name }) => ({ id, name })),
    freeDeliveryThresholdPence: content.deliverySettings().freeDeliveryThresholdPence,
    assets,
    publicUrl: env.PUBLIC_URL,
    shop: content.shopIdentity(),
    // The picture a shared link to a page without its own (home, catalogue, a category) shows (docs/product.md#link-previews-and-search).
    sharingImage: sharingPictureUrl(content.heroBanner().hero_image_url),
  };
}
type RootData = ReturnType<typeof rootLoader>;

export function RootLayout() {
  const data = useLoaderData<typeof rootLoader>();
  const meta = pageMetaFrom(useMatches(), data.shop) ?? fallbackMeta(data.shop);
  return (
    <Document data={data} meta={meta}>
      <Outlet />
    </Document>
  );
}

/** When the layout's own data cannot load, still answer with a readable page. */
export function RootErrorBoundary() {
  const data = useRouteLoaderData<RootData>("root");
  const shop = data?.shop ?? DEFAULT_SHOP_IDENTITY;
  return (
    <Document data={data} meta={{ ...fallbackMeta(shop), title: `Something went wrong · ${shop.name}`, path: null }}>
      <ErrorContent />
    </Document>
  );
}

/** Errors inside a page keep the header and footer around them. */
export function PageErrorBoundary() {
  return <ErrorContent />;
}

function ErrorContent() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "object" && error.data ? (error.data as ErrorData) : null;
  const title = detail?.title ?? (status === 404 ? "Page not found" : "Something went wrong");
  const message =
    detail?.message ??
    (status === 404
      ? "We couldn't find the page you asked for. It may have moved, or the link may be mistyped."
      : "Sorry — the shop hit a problem showing this page. Please try again in a moment.");
  return (
    <section className="container error-page">
      <p className="eyebrow">{status === 404 ? "Error 404" : `Error ${status}`}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="error-page__actions">
        <a className="button button--primary" href="/products">
          Browse products
        </a>
        <a className="button button--ghost" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  );
}

export type ErrorData = { title?: string; message?: string };

function fallbackMeta(shop: ShopIdentity): PageMeta {
  return { title: shop.name, description: shopDescription(shop.name), path: null };
}

function Document({ data, meta, children }: { data: RootData | undefined; meta: PageMeta; children: ReactNode }) {
  const { pathname } = useLocation();
  // /admin runs the owner's app, which hydrates the header itself; the storefront script never loads there.
  const isAdmin = clientAppFrom(useMatches()) === "admin";
  const publicUrl = data?.publicUrl ?? "";
  const canonical = meta.path === null ? null : `${publicUrl}${meta.path}`;
  const shared = meta.image ?? data?.sharingImage;
  const image = shared && publicUrl ? absoluteUrl(shared, publicUrl) : null;
  const threshold = data?.freeDeliveryThresholdPence ?? 0;
  const shop = data?.shop ?? DEFAULT_SHOP_IDENTITY;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="color-scheme" content="dark light" />
        <meta name="theme-color" content="#12100e" />
        {canonical ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        <meta property="og:site_name" content={shop.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:type" content={meta.type ?? "website"} />
        <meta property="og:locale" content="en_GB" />
        {canonical && <meta property="og:url" content={canonical} />}
        <SharingMeta image={image} />
        {/* Runs before first paint so the stored theme applies without a flash. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, allowed by its hash in the CSP */}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data && <link rel="stylesheet" href={data.assets.stylesheet} />}
        {data && isAdmin && <link rel="stylesheet" href={data.assets.adminStylesheet} />}
        {/* The installable admin (docs/decisions/0046-owner-alerts.md): its manifest and home-screen icon. */}
        {isAdmin && <link rel="manifest" href="/admin/manifest.webmanifest" />}
        {isAdmin && <link rel="apple-touch-icon" href="/admin/icon-180.png" />}
        {data && <script type="module" src={isAdmin ? data.assets.adminScript : data.assets.clientScript} />}
        {meta.jsonLd && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonForScript escapes "<" so the data cannot close the script element
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(meta.jsonLd) }} />
        )}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {!isAdmin && <AnnouncementBar text={shop.announcement} />}
        <Island
          name="SiteHeader"
          component={SiteHeader}
          props={{ categories: data?.categories ?? [], path: pathname, shopName: shop.name }}
        />
        {threshold > 0 && (
          <p className="free-delivery-banner">Free delivery on orders over {formatPence(threshold, { dropZeroPence: true })}</p>
        )}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}

/** JSON inside <script> must not be able to close the tag. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
