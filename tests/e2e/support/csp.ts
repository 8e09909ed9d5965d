import type { Page } from "@playwright/test";

/**
 * Content-Security-Policy violations as Chromium reports them: the
 * `securitypolicyviolation` events of every document the page loads (init
 * scripts are not subject to the page's CSP), and the console's "Refused to …"
 * lines.
 */
export type Violation = { directive: string; blocked: string; sample: string };

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/** Starts recording; returns the console reports, which keep growing as the page goes on. */
export async function watchViolations(page: Page): Promise<string[]> {
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|create|frame)/i.test(message.text())) {
      consoleReports.push(`${message.type()}: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return consoleReports;
}

/** The violations of the document now showing. */
export const violationsOn = (page: Page): Promise<Violation[]> => page.evaluate(() => window.__cspViolations ?? []);
