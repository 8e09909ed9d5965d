import type { AltchaGlobal } from "altcha/types";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { CaptchaSiteConfig } from "../../../src/services/captcha/captcha";

type TokenListener = (token: string | null) => void;

const CONFIG_URL = "/api/captcha/config";
const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const LOAD_FAILED = "The captcha could not load. Please refresh the page and try again.";

/**
 * The captcha of docs/product.md#captcha: ALTCHA (self-hosted) or Cloudflare Turnstile,
 * whichever the server says. It reports a token once solved and null whenever
 * the token stops being usable (expired, failed, or the widget went away).
 * Give it a new `key` to start over with a fresh widget after each send.
 */
export function CaptchaField({ onToken }: { onToken: TokenListener }) {
  const [config, setConfig] = useState<CaptchaSiteConfig | "failed" | null>(null);
  // The latest listener without re-creating the widget when the parent re-renders.
  const listener = useRef(onToken);
  listener.current = onToken;

  useEffect(() => {
    let current = true;
    siteConfig()
      .then((value) => current && setConfig(value))
      .catch(() => current && setConfig("failed"));
    return () => {
      current = false;
      listener.current(null);
    };
  }, []);

  const report: TokenListener = (token) => listener.current(token);
  return (
    <div className="captcha-slot" data-testid="captcha-slot">
      {config === "failed" && (
        <p className="form-error" role="alert">
          {LOAD_FAILED}
        </p>
      )}
      {config !== null &&
        config !== "failed" &&
        config.kind === "altcha" &&
        config.challengeUrl &&
        config.workerUrl &&
        config.stylesheetUrl && (
          <AltchaWidget
            challengeUrl={config.challengeUrl}
            workerUrl={config.workerUrl}
            stylesheetUrl={config.stylesheetUrl}
            onToken={report}
          />
        )}
      {config !== null && config !== "failed" && config.kind === "turnstile" && config.siteKey && (
        <TurnstileWidget siteKey={config.siteKey} onToken={report} />
      )}
    </div>
  );
}

let configRequest: Promise<CaptchaSiteConfig> | null = null;

/** Asked once per page, shared by every form on it. */
function siteConfig(): Promise<CaptchaSiteConfig> {
  configRequest ??= fetch(CONFIG_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`captcha config: ${response.status}`);
      return response.json() as Promise<CaptchaSiteConfig>;
    })
    .catch((error: unknown) => {
      configRequest = null; // let a later mount try again
      throw error;
    });
  return configRequest;
}

type AltchaState = { state?: string; payload?: string | null };

/** The registry the ALTCHA script puts on the page when it loads. */
function altchaGlobal(): AltchaGlobal {
  return (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
}

type AltchaWidgetProps = { challengeUrl: string; workerUrl: string; stylesheetUrl: string; onToken: TokenListener };

/**
 * The `<altcha-widget>` web component; its code and its stylesheet load only
 * when a form first needs them, on whichever page the form is (the home page's
 * contact form and /custom-request).
 */
function AltchaWidget({ challengeUrl, workerUrl, stylesheetUrl, onToken }: AltchaWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onToken forwards to the latest listener (see CaptchaField), so one widget lives per challenge URL
  useEffect(() => {
    let cancelled = false;
    let widget: HTMLElement | null = null;
    const onState = (event: Event) => {
      const { state, payload } = ((event as CustomEvent<AltchaState>).detail ?? {}) as AltchaState;
      onToken(state === "verified" && payload ? payload : null);
    };
    const onExpired = () => onToken(null);

    // The build without injected styles or blob: workers (the CSP allows neither): web/styles/captcha.css
    // carries the styles, and the proof-of-work worker is a file of ours. The server's challenges use
    // PBKDF2/SHA-256 (src/services/captcha/altcha.ts). A stylesheet that fails leaves the widget plain but usable.
    Promise.all([import("altcha/external"), appendToHead("link", stylesheetUrl).catch(() => undefined)])
      .then(() => {
        if (cancelled || !host.current) return;
        altchaGlobal().algorithms.set("PBKDF2/SHA-256", () => new Worker(workerUrl));
        widget = document.createElement("altcha-widget");
        widget.setAttribute("challenge", challengeUrl);
        widget.setAttribute("name", "captchaToken");
        widget.addEventListener("statechange", onState);
        widget.addEventListener("expired", onExpired);
        host.current.append(widget);
      })
      .catch(() => !cancelled && setFailed(true));

    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
      widget?.removeEventListener("expired", onExpired);
      widget?.remove();
      onToken(null);
    };
  }, [challengeUrl]);

  return <WidgetSlot host={host} failed={failed} />;
}

/** Where a widget draws itself, and the one message shown when its script would not load. */
function WidgetSlot({ host, failed }: { host: RefObject<HTMLDivElement | null>; failed: boolean }) {
  return (
    <>
      <div ref={host} className="captcha-slot__widget" />
      {failed && (
        <p className="form-error" role="alert">
          {LOAD_FAILED}
        </p>
      )}
    </>
  );
}

type TurnstileOptions = {
  sitekey: string;
  callback: (token: string) => void;
  "expired-callback": () => void;
  "error-callback": () => void;
  "timeout-callback": () => void;
  theme?: "auto" | "light" | "dark";
};
type TurnstileApi = {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
};
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const headLoads = new Map<string, Promise<void>>();

/** Adds a script or a stylesheet to the page's head once; settles when it has loaded (a failed one may be tried again). */
function appendToHead(tag: "script" | "link", url: string): Promise<void> {
  let loading = headLoads.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const element =
        tag === "script"
          ? Object.assign(document.createElement("script"), { src: url })
          : Object.assign(document.createElement("link"), { rel: "stylesheet", href: url });
      element.onload = () => resolve();
      element.onerror = () => {
        element.remove();
        headLoads.delete(url);
        reject(new Error(`${url} did not load`));
      };
      document.head.append(element);
    });
    headLoads.set(url, loading);
  }
  return loading;
}

async function loadTurnstile(): Promise<TurnstileApi> {
  if (!window.turnstile) await appendToHead("script", TURNSTILE_SCRIPT);
  if (!window.turnstile) throw new Error("Turnstile did not start");
  return window.turnstile;
}

/** Cloudflare Turnstile, rendered explicitly into this field. */
function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: TokenListener }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onToken forwards to the latest listener (see CaptchaField), so one widget lives per site key
  useEffect(() => {
    let cancelled = false;
    let widgetId: string | undefined;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !host.current) return;
        widgetId = turnstile.render(host.current, {
          sitekey: siteKey,
          theme: "auto",
          callback: (token) => onToken(token),
          "expired-callback": () => onToken(null),
          "error-callback": () => onToken(null),
          "timeout-callback": () => onToken(null),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
      onToken(null);
    };
  }, [siteKey]);

  return <WidgetSlot host={host} failed={failed} />;
}
