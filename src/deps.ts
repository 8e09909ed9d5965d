import type { Database } from "bun:sqlite";
import { createShownVersion } from "./db/shown-version";
import { writeTransaction } from "./db/transaction";
import type { Env } from "./env";
import { createHeavyWork, type HeavyWork } from "./http/heavy-work";
import { mailDeliveryConfigured, mailDeliveryFromEnv } from "./jobs/deliver-outbox";
import { createPasswordCheck, type PasswordCheck, type PasswordCost } from "./modules/admin-auth/password";
import { createSessionStore, type SessionStore } from "./modules/admin-auth/sessions";
import { type AdminCategoriesService, createAdminCategoriesService } from "./modules/admin-catalog/categories-service";
import { type AdminImagesService, createAdminImagesService } from "./modules/admin-catalog/images-service";
import { type AdminProductsService, createAdminProductsService } from "./modules/admin-catalog/products-service";
import { type AdminVariantsService, createAdminVariantsService } from "./modules/admin-catalog/variants-service";
import { type AdminContentService, createAdminContentService } from "./modules/admin-content/service";
import { createOrdersExport, type OrdersExport } from "./modules/admin-orders/orders-export";
import { createRefundService, type RefundService } from "./modules/admin-orders/refund-service";
import { type AdminOrderService, createAdminOrderService } from "./modules/admin-orders/service";
import { createShelfReturns } from "./modules/admin-orders/shelf-returns";
import { type AdminRequestService, createAdminRequestService } from "./modules/admin-requests/service";
import { type Alerts, createAlerts } from "./modules/alerts/alerts";
import { createDigest, type Digest } from "./modules/alerts/digest";
import { ALERT_TEXTS } from "./modules/alerts/happenings";
import { type AlertStore, alertStore } from "./modules/alerts/store";
import { createDispatchPromise, type DispatchPromise } from "./modules/catalog/dispatch-promise";
import { type CatalogService, createCatalogService } from "./modules/catalog/service";
import { type CategoryService, createCategoryService } from "./modules/categories/service";
import { createQuoteCheckout, type QuoteCheckout } from "./modules/checkout/quote-checkout";
import { type CheckoutService, createCheckoutService } from "./modules/checkout/service";
import { type ContentService, createContentService } from "./modules/content/service";
import { type CustomRequestService, createCustomRequestService } from "./modules/custom-requests/service";
import { type DiscountCodeStore, discountCodeStore } from "./modules/discount-codes/store";
import { createGiftVouchers, type GiftVouchers } from "./modules/gift-vouchers/service";
import { createHealthChecks, type HealthChecks } from "./modules/health/readiness";
import { createHoldReplacements } from "./modules/holds/replacements";
import { createHoldService, type HoldService } from "./modules/holds/service";
import { createHoldStore } from "./modules/holds/store";
import { type CalibrationService, createCalibrationService } from "./modules/instant-prices/calibration-service";
import { readModel } from "./modules/instant-prices/read-model";
import { createInstantPrices, type InstantPrices } from "./modules/instant-prices/service";
import { pricingSettingsStore } from "./modules/instant-prices/settings";
import { createPaymentFees, type PaymentFees } from "./modules/money/fees";
import { createPayouts, type Payouts } from "./modules/money/payouts";
import { createMoneyService, type MoneyService } from "./modules/money/service";
import { queueOrderEmails } from "./modules/orders/order-emails";
import { orderProduction } from "./modules/orders/production";
import { createOrderService, type OrderService } from "./modules/orders/service";
import { createOrderStore, type OrderStore } from "./modules/orders/store";
import { createOutboxDelivery, type OutboxDelivery } from "./modules/outbox/service";
import { createPackingSlipService, type PackingSlipService } from "./modules/packing-slips/service";
import { quoteEmails } from "./modules/quotes/quote-emails";
import { createQuoteService, type QuoteService } from "./modules/quotes/service";
import { createUploadService, type UploadService } from "./modules/uploads/service";
import { storedUploadFinder } from "./modules/uploads/stored-upload";
import { createUploadBudget, type UploadBudget } from "./modules/uploads/upload-budget";
import { createRateLimits, type RateLimits } from "./rate-limits";
import { createNtfySender } from "./services/alerts/ntfy";
import { createPushSender, vapidSubject } from "./services/alerts/web-push";
import { type CaptchaService, createCaptcha } from "./services/captcha";
import { createDemoProvider, type DemoPaymentProvider } from "./services/payments/demo";
import { type OwnPageSessions, ownPageSessions } from "./services/payments/own-sessions";
import { createStripeProvider, type StripeWebhookEvent } from "./services/payments/stripe";
import { createUploadStorage, type UploadStorage } from "./services/storage/disk";
import type { AssetManifest } from "./ssr/asset-manifest";

/** Verifies and reads a Stripe webhook; present only when Stripe is configured. */
type StripeWebhooks = { parse(rawBody: string, signature: string | null): Promise<StripeWebhookEvent> };

/**
 * Everything a request handler or page loader may use, built once at boot.
 * Route files (src/modules/<resource>/index.ts) build nothing: every service,
 * limit and store they use arrives here (tests/unit/wiring.test.ts).
 */
export type Deps = {
  env: Env;
  db: Database;
  assets: AssetManifest;
  /** The shop's clock: the dispatch dates promised and the kept pages' hour go by it (tests set it). */
  now: () => Date;
  /** The dispatch date promised before purchase (docs/decisions/0015-working-days.md). */
  dispatch: DispatchPromise;
  catalog: CatalogService;
  categories: CategoryService;
  content: ContentService;
  /** The one store of the orders table and its items: every statement on them (decision 0030). */
  orderStore: OrderStore;
  orders: OrderService;
  /**
   * The owner's discount codes (docs/decisions/0020-discount-codes.md); checkout prices them through
   * `discount-codes/price-discount.ts`.
   */
  discountCodes: DiscountCodeStore;
  giftVouchers: GiftVouchers;
  /** Which orders go on the printed packing slips (docs/decisions/0019-packing-slips.md). */
  packingSlips: PackingSlipService;
  checkout: CheckoutService;
  /** The built-in demo checkout, when no Stripe key is set. */
  demoPayments: DemoPaymentProvider | null;
  /** The shop's own page for an order a gift voucher pays in full (docs/decisions/0054-gift-vouchers.md). */
  voucherPayments: OwnPageSessions;
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
  uploads: UploadService;
  /** A shopper's stored upload by token and kind, for the shopper's and the owner's downloads. */
  storedUpload: ReturnType<typeof storedUploadFinder>;
  customRequests: CustomRequestService;
  /** Every per-address (and the one shop-wide) limit: src/rate-limits.ts. */
  rateLimits: RateLimits;
  health: HealthChecks;
  adminCatalog: {
    products: AdminProductsService;
    images: AdminImagesService;
    variants: AdminVariantsService;
    categories: AdminCategoriesService;
  };
  adminContent: AdminContentService;
  adminOrders: AdminOrderService;
  /** The orders CSV, read in a worker of its own on a read-only connection (docs/decisions/0032-exports-off-the-main-thread.md). */
  ordersExport: OrdersExport;
  /** Refunds through the payment provider (docs/decisions/0017-refunds.md). */
  adminRefunds: RefundService;
  adminRequests: AdminRequestService;
  /** Instant prices for a shopper's own model (docs/decisions/0042-instant-prices-calls-and-checkout.md): rates, prices, re-pricing. */
  instantPrices: InstantPrices;
  /** The owner's sliced jobs and the fit the prices are calibrated with. */
  calibration: CalibrationService;
  /** Custom requests' priced quotes (docs/decisions/0014-quotes.md): the owner's and the shopper's side. */
  quotes: QuoteService;
  /** Paying an accepted quote through the basket's provider and fulfilment. */
  quoteCheckout: QuoteCheckout;
  /** Orders paused for the shopper's answer (docs/decisions/0048-order-holds.md): the owner's and the shopper's side. */
  holds: HoldService;
  /** Stripe's fee and net on orders and refunds, read after they are written (docs/decisions/0050-money-that-reconciles.md). */
  paymentFees: PaymentFees;
  /** The Money page's periods, read from the daily money summary (decision 0050). */
  money: MoneyService;
  /** Stripe's payouts and the orders and refunds inside each (decision 0050); reads nothing without Stripe. */
  payouts: Payouts;
  /** The owner's alert settings and push devices (docs/decisions/0046-owner-alerts.md). */
  alertSettings: AlertStore;
  /** Queues an owner's alert on every channel they set up, in the caller's transaction. */
  alerts: Alerts;
  /** The owner's morning digest, run by the owner-alerts job with the shop's clock. */
  digest: Digest;
  /** The one delivery of the outbox: emails when mail is set up, push and ntfy alerts always (the job runs it). */
  outbox: OutboxDelivery;
};

/** What tests may set: the shop's clock, and a cheaper argon2 cost for the owner's password (the production cost is tested on its own). */
export type DepsOptions = { now?: () => Date; passwordCost?: PasswordCost };

export function createDeps(
  env: Env,
  db: Database,
  assets: AssetManifest,
  { now = () => new Date(), passwordCost }: DepsOptions = {},
): Deps {
  // What pages show, read once per change to it (the product list, the configuration, the categories).
  const shown = createShownVersion(db, () => now().getTime());
  const content = createContentService(db, shown);
  const dispatch = createDispatchPromise({ content, now });
  const stripe = env.STRIPE_SECRET_KEY ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }) : null;
  const demoPayments = stripe ? null : createDemoProvider(db, env.PUBLIC_URL, now);
  // An order a gift voucher pays in full is placed on the shop's own page, never a £0 card session (decision 0054).
  const voucherPayments = ownPageSessions(db, env.PUBLIC_URL, "voucher", now);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const adminPassword = createPasswordCheck(env, db, passwordCost);
  const uploadBudget = createUploadBudget({ db, dataDir: env.DATA_DIR });
  const uploadStorage = createUploadStorage(env.DATA_DIR);
  // The orders table's one store and what is built on it, once, shared by every service that needs orders.
  const orderStore = createOrderStore(db);
  const holdStore = createHoldStore(db);
  const production = orderProduction(db, orderStore, holdStore);
  const orders = createOrderService(db, orderStore, production);
  const shelf = createShelfReturns(db, orderStore);
  const paymentProvider = stripe ?? demoPayments!;
  const discountCodes = discountCodeStore(db);
  const giftVouchers = createGiftVouchers({ db, publicUrl: env.PUBLIC_URL, validMonths: () => content.voucherValidMonths(), now });
  const pricingSettings = pricingSettingsStore(db);
  const calibration = createCalibrationService({
    db,
    storage: uploadStorage,
    settings: pricingSettings,
    checkDisk: uploadBudget.checkDisk,
  });
  // A model is measured against the owner's printers as they are when it arrives.
  const uploads = createUploadService({
    db,
    storage: uploadStorage,
    budget: uploadBudget,
    readModel: (bytes, filename) => readModel(bytes, filename, pricingSettings.get().printers),
  });
  const instantPrices = createInstantPrices({ db, uploads, settings: pricingSettings, calibration, dispatch });
  const alertSettings = alertStore(db, env);
  const alerts = createAlerts({ db, store: alertSettings });
  const mail = mailDeliveryFromEnv(env);
  const outbox = createOutboxDelivery({
    db,
    mailer: mail?.mailer,
    from: mail?.from,
    alerts: {
      push: createPushSender({ devices: alertSettings, subject: vapidSubject(env.OWNER_EMAIL, env.PUBLIC_URL), now: () => new Date() }),
      ntfy: createNtfySender({ topic: alertSettings.ntfy, publicUrl: env.PUBLIC_URL }),
    },
    onEmailFailed: (row) =>
      writeTransaction(db, () => alerts.queue("email_failed", `email-failed:${row.id}`, ALERT_TEXTS.emailFailed(row), row.order_id)),
  });
  const adminOrders = createAdminOrderService({
    db,
    store: orderStore,
    orders,
    production,
    shelf,
    settings: {
      publicUrl: env.PUBLIC_URL,
      mailConfigured: mailDeliveryConfigured(env),
      lowStockThreshold: () => content.lowStockThreshold(),
    },
    vouchers: giftVouchers.store,
    now,
  });
  const adminRefunds = createRefundService({
    db,
    provider: paymentProvider,
    publicUrl: env.PUBLIC_URL,
    store: orderStore,
    orders,
    shelf,
    detail: adminOrders.detail,
    vouchers: giftVouchers.store,
  });
  const catalog = createCatalogService(db, dispatch, shown);
  const holds = createHoldService({
    db,
    store: holdStore,
    orderStore,
    orders,
    production,
    content,
    replacements: createHoldReplacements(db, orderStore),
    proofFirst: {
      productOf: (id) => catalog.getProduct(id),
      canDraw: uploads.canDraw,
    },
    // The owner's own refund (in full, what is left) and cancel with the stock put back: one path for money and stock.
    async cancelOrder(orderId) {
      const left = orderStore.money(orderId);
      const refunded = orders.getOrder(orderId)?.refunded_cents ?? 0;
      if (left && left.amount_cents > refunded) {
        await adminRefunds.refund(orderId, {
          amount_cents: left.amount_cents - refunded,
          reason: "requested_by_customer",
          note: "Cancelled by the customer from the question about their order.",
          restock: [],
        });
      }
      adminOrders.changeStatus(orderId, { status: "canceled", restock: true, forceResend: false });
    },
    publicUrl: env.PUBLIC_URL,
    ownerEmail: env.OWNER_EMAIL,
    now,
  });
  // The order's emails first, then a "Proof before making" question: all in the order's own transaction.
  const orderEmails = queueOrderEmails({ publicUrl: env.PUBLIC_URL, ownerEmail: env.OWNER_EMAIL, orders, alerts });
  return {
    env,
    db,
    assets,
    now,
    dispatch,
    catalog,
    categories: createCategoryService(db, shown),
    content,
    orderStore,
    orders,
    discountCodes,
    packingSlips: createPackingSlipService(orderStore, orders),
    checkout: createCheckoutService({
      db,
      provider: paymentProvider,
      content,
      publicUrl: env.PUBLIC_URL,
      onOrderCreated: (db, orderId) => {
        orderEmails(db, orderId);
        holds.askOnPayment(orderId);
      },
      dispatch,
      orders: orderStore,
      production,
      discountCodes,
      modelPrices: instantPrices,
      vouchers: giftVouchers,
      voucherPage: voucherPayments,
      now,
    }),
    giftVouchers,
    demoPayments,
    voucherPayments,
    stripeWebhooks: stripe && webhookSecret ? { parse: (raw, signature) => stripe.parseWebhook(raw, signature, webhookSecret) } : null,
    adminSessions: createSessionStore(db, adminPassword.fingerprint),
    adminPassword,
    captcha: createCaptcha(env, db),
    heavyWork: createHeavyWork(),
    uploadBudget,
    uploadStorage,
    uploads,
    instantPrices,
    calibration,
    storedUpload: storedUploadFinder(db),
    customRequests: createCustomRequestService({
      db,
      storage: uploadStorage,
      publicUrl: env.PUBLIC_URL,
      ownerEmail: env.OWNER_EMAIL,
      budget: uploadBudget,
    }),
    rateLimits: createRateLimits(),
    health: createHealthChecks(db, { dataDir: env.DATA_DIR }),
    adminCatalog: {
      products: createAdminProductsService(db),
      images: createAdminImagesService(db),
      variants: createAdminVariantsService(db),
      categories: createAdminCategoriesService(db),
    },
    adminContent: createAdminContentService(db),
    adminOrders,
    adminRefunds,
    ordersExport: createOrdersExport(db.filename),
    adminRequests: createAdminRequestService(db),
    quotes: createQuoteService({
      db,
      content,
      emails: quoteEmails({ publicUrl: env.PUBLIC_URL, ownerEmail: env.OWNER_EMAIL, alerts }),
      publicUrl: env.PUBLIC_URL,
    }),
    quoteCheckout: createQuoteCheckout({ db, provider: paymentProvider, publicUrl: env.PUBLIC_URL, dispatch }),
    holds,
    paymentFees: createPaymentFees(db, paymentProvider, orderStore),
    money: createMoneyService(db),
    payouts: createPayouts(db, stripe),
    alertSettings,
    alerts,
    digest: createDigest({ db, store: alertSettings, alerts, orders: orderStore, ownerEmail: env.OWNER_EMAIL, publicUrl: env.PUBLIC_URL }),
    outbox,
  };
}
