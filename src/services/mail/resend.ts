import type { ErrorResponse, Resend } from "resend";
import { type Mailer, MailerError } from "./mailer";

let loadingSdk: Promise<typeof Resend> | undefined;

/**
 * The SDK, loaded on the first email sent: a shop without RESEND_API_KEY never
 * needs it, and a shop with one need not load it before its first page
 * (~35 ms of a cold start, docs/decisions/0008-performance.md).
 */
function loadResendSdk(): Promise<typeof Resend> {
  loadingSdk ??= import("resend").then((module) => module.Resend);
  return loadingSdk;
}

/** Resend's own address; the SDK's default, spelled out so the SDK never falls back to the environment. */
const RESEND_DEFAULT_API_BASE = "https://api.resend.com";

/**
 * Well under the outbox's two-minute lease, so a slow send gives up (and is
 * retried under the same idempotency key) before another sender may claim it.
 */
const SEND_TIMEOUT_MS = 20_000;

/**
 * The mailer over the official Resend SDK.
 *
 * Base URL: resend@6 takes `baseUrl` as a constructor option
 * (`new Resend(key, { baseUrl })`) and only when that option is missing does
 * it read `process.env.RESEND_BASE_URL` (at construction, not at module
 * load). So we always pass a base URL — RESEND_API_BASE from src/env.ts, or
 * Resend's own — and never touch process.env: a stray RESEND_BASE_URL in the
 * environment cannot redirect mail, and tests point the SDK at a local
 * stand-in per instance, with no global state shared between them. Passing
 * the key explicitly likewise stops the SDK reading RESEND_API_KEY itself.
 * (The SDK still reads RESEND_DEBUG for its own console logging; that only
 * changes logs, so we leave it.)
 */
export function createResendMailer({ apiKey, apiBase }: { apiKey: string; apiBase?: string }): Mailer {
  if (apiKey.trim() === "") throw new Error("createResendMailer needs an API key");
  const baseUrl = (apiBase ?? RESEND_DEFAULT_API_BASE).replace(/\/+$/, "");
  let client: Promise<Resend> | undefined;
  const resend = () => (client ??= loadResendSdk().then((Sdk) => new Sdk(apiKey, { baseUrl })));

  return {
    async send(email) {
      // The SDK answers { data, error } and never throws for HTTP or network failures.
      const { data, error } = await (await resend()).emails.send(
        { from: email.from, to: email.to, subject: email.subject, html: email.html, text: email.text },
        { idempotencyKey: email.idempotencyKey, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      if (error) throw toMailerError(error);
      if (!data?.id) throw new MailerError("Resend accepted the email but returned no id", true);
      return { id: data.id };
    },
  };
}

/**
 * Retry what time can fix: no answer (network, timeout), rate limits and
 * quotas (429), Resend's own faults (5xx), and a concurrent request still
 * holding our idempotency key. Anything else (bad address, bad key, a
 * validation error) fails the same way every time.
 */
function toMailerError(error: ErrorResponse): MailerError {
  // The SDK passes Resend's JSON error body through as is, so statusCode may
  // be missing if something other than Resend answered: treat that as transient too.
  const status = typeof error.statusCode === "number" ? error.statusCode : null;
  const retryable =
    status === null ||
    status === 429 ||
    status >= 500 ||
    error.name === "concurrent_idempotent_requests" ||
    error.name === "rate_limit_exceeded" ||
    error.name === "internal_server_error";
  const label = status === null ? "no response" : String(status);
  return new MailerError(`Resend ${label} ${error.name}: ${error.message}`, retryable);
}
