import { errorFields, log } from "../../log";
import type { CaptchaService } from "./captcha";

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Cloudflare documents tokens of at most 2048 characters. */
const MAX_TURNSTILE_TOKEN = 2048;
const SECRET_PROBLEMS = new Set(["missing-input-secret", "invalid-input-secret"]);

type SiteverifyAnswer = { success?: unknown; "error-codes"?: unknown };

/**
 * Cloudflare Turnstile: the browser gets a token from Cloudflare's widget and
 * we ask siteverify about it. Cloudflare itself refuses a token seen before
 * or older than five minutes (`timeout-or-duplicate`).
 */
export function createTurnstileCaptcha({
  siteKey,
  secretKey,
  verifyUrl = TURNSTILE_VERIFY_URL,
  timeoutMs = 10_000,
}: {
  siteKey: string;
  secretKey: string;
  verifyUrl?: string;
  timeoutMs?: number;
}): CaptchaService {
  return {
    kind: "turnstile",
    siteConfig: () => ({ kind: "turnstile", siteKey }),

    async verify(token, remoteIp) {
      if (typeof token !== "string" || token.length === 0 || token.length > MAX_TURNSTILE_TOKEN) return false;
      const body = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) body.set("remoteip", remoteIp);
      let answer: SiteverifyAnswer;
      try {
        const response = await fetch(verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) {
          log("error", "Turnstile siteverify answered with an error", { status: response.status });
          return false;
        }
        answer = (await response.json()) as SiteverifyAnswer;
      } catch (error) {
        log("error", "Turnstile siteverify could not be reached", errorFields(error));
        return false;
      }
      if (answer.success === true) return true;
      // A shopper's wrong or reused token is routine; our own bad secret is worth a log line.
      const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"] : [];
      if (codes.some((code) => SECRET_PROBLEMS.has(String(code)))) {
        log("error", "Turnstile refused the secret key: check TURNSTILE_SECRET_KEY.");
      }
      return false;
    },
  };
}
