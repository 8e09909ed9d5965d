import type { Database } from "bun:sqlite";
import type { Env } from "./env";
import { createHeavyWork, type HeavyWork } from "./http/heavy-work";
import { createPasswordCheck, type PasswordCheck } from "./modules/admin-auth/password";
import { createSessionStore, type SessionStore } from "./modules/admin-auth/sessions";
import { createCatalogService, type CatalogService } from "./modules/catalog/service";
import { createCategoryService, type CategoryService } from "./modules/categories/service";
import { createCheckoutService, type CheckoutService } from "./modules/checkout/service";
import { createContentService, type ContentService } from "./modules/content/service";
import { queueOrderEmails } from "./modules/orders/order-emails";
import { createOrderService, type OrderService } from "./modules/orders/service";
import { createUploadBudget, type UploadBudget } from "./modules/uploads/upload-budget";
import { createDemoProvider, type DemoPaymentProvider } from "./services/payments/demo";
import { createStripeProvider, type StripeWebhookEvent } from "./services/payments/stripe";
import { createCaptcha, type CaptchaService } from "./services/captcha";
import { createUploadStorage, type UploadStorage } from "./services/storage/disk";
import type { AssetManifest } from "./ssr/assets";

/** Verifies and reads a Stripe webhook; present only when Stripe is configured. */
export type StripeWebhooks = { parse(rawBody: string, signature: string | null): Promise<StripeWebhookEvent> };

/** Everything a request handler or page loader may use, built once at boot. */
export type Deps = {
  env: Env;
  db: Database;
  assets: AssetManifest;
  catalog: CatalogService;
  categories: CategoryService;
  content: ContentService;
  orders: OrderService;
  checkout: CheckoutService;
  /** The built-in demo checkout, when no Stripe key is set. */
  demoPayments: DemoPaymentProvider | null;
  stripeWebhooks: StripeWebhooks | null;
  adminSessions: SessionStore;
  adminPassword: PasswordCheck;
  captcha: CaptchaService;
  /** The one gate for uploads and image work (src/http/heavy-work.ts), shared by every route that reads a file. */
  heavyWork: HeavyWork;
  /** What shoppers' files may take of the disk, per address and in all. */
  uploadBudget: UploadBudget;
  /** The one storage of shoppers' files under $DATA_DIR/uploads: uploads, attachments, their downloads and clean-up. */
  uploadStorage: UploadStorage;
};

export function createDeps(env: Env, db: Database, assets: AssetManifest): Deps {
  const content = createContentService(db);
  const stripe = env.STRIPE_SECRET_KEY
    ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
    : null;
  const demoPayments = stripe ? null : createDemoProvider(db, env.PUBLIC_URL);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const adminPassword = createPasswordCheck(env, db);
  return {
    env,
    db,
    assets,
    catalog: createCatalogService(db),
    categories: createCategoryService(db),
    content,
    orders: createOrderService(db),
    checkout: createCheckoutService({
      db,
      provider: stripe ?? demoPayments!,
      content,
      publicUrl: env.PUBLIC_URL,
      onOrderCreated: queueOrderEmails({ publicUrl: env.PUBLIC_URL, ownerEmail: env.OWNER_EMAIL }),
    }),
    demoPayments,
    stripeWebhooks:
      stripe && webhookSecret ? { parse: (raw, signature) => stripe.parseWebhook(raw, signature, webhookSecret) } : null,
    adminSessions: createSessionStore(db, adminPassword.fingerprint),
    adminPassword,
    captcha: createCaptcha(env, db),
    heavyWork: createHeavyWork(),
    uploadBudget: createUploadBudget({ db, dataDir: env.DATA_DIR }),
    uploadStorage: createUploadStorage(env.DATA_DIR),
  };
}
