/**
 * A captcha proves a person sent a form. The shop runs with no keys using
 * ALTCHA (proof of work, verified here); with Turnstile keys set it asks
 * Cloudflare instead. Either way a token is good for one send only.
 */
type CaptchaKind = "altcha" | "turnstile";

/** What the browser may see: never a secret. */
export type CaptchaSiteConfig = {
  kind: CaptchaKind;
  /** Turnstile's public site key. */
  siteKey?: string;
  /** Where the ALTCHA widget fetches a challenge. */
  challengeUrl?: string;
  /** The script of ALTCHA's proof-of-work worker (a hashed file of the shop's own). */
  workerUrl?: string;
  /** ALTCHA's stylesheet (a hashed file of the shop's own), linked by the widget when it loads. */
  stylesheetUrl?: string;
};

export interface CaptchaService {
  readonly kind: CaptchaKind;
  siteConfig(): CaptchaSiteConfig;
  /** A fresh challenge for the widget to solve (ALTCHA only). */
  challenge?(): Promise<object>;
  /** True once per good token; false for a wrong, expired or already used one. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** Far longer than any real token; anything bigger is not worth decoding. */
export const MAX_TOKEN_LENGTH = 8192;
