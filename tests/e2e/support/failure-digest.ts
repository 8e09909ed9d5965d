import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * A short digest of a failed run, printed last: the first stories that failed, in the order they ended, with the
 * head of each error, and the shared shop's last lines on stderr. The list reporter prints the same errors as they
 * come, but a CI log is often read from its tail, where a run that failed everywhere at once (a shop that stopped
 * answering) shows only the names of the stories that failed after the first.
 */
const FIRST_FAILURES = 5;
const ERROR_LINES = 8;
const SHOP_LINES = 25;

type Failure = { title: string; status: string; error: string };

export default class FailureDigest implements Reporter {
  private readonly failures: Failure[] = [];
  private readonly shopLines: string[] = [];
  private failed = 0;

  onStdErr(chunk: string | Buffer, test: TestCase | undefined): void {
    // Output with no story is the web server's (the shared shop), prefixed "[WebServer]".
    if (test) return;
    for (const line of String(chunk).split("\n")) {
      if (line.trim() === "") continue;
      this.shopLines.push(line);
      if (this.shopLines.length > SHOP_LINES) this.shopLines.shift();
    }
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "passed" || result.status === "skipped") return;
    this.failed += 1;
    if (this.failures.length >= FIRST_FAILURES) return;
    const message = result.errors.map((error) => error.message ?? error.value ?? "").join("\n");
    this.failures.push({
      title: test.titlePath().filter(Boolean).join(" › "),
      status: result.status,
      error: withoutColours(message).split("\n").slice(0, ERROR_LINES).join("\n"),
    });
  }

  onEnd(result: FullResult): void {
    if (this.failed === 0) return;
    const out: string[] = ["", `[stories] ${this.failed} did not pass (run ${result.status}); the first, in the order they ended:`];
    for (const failure of this.failures) {
      out.push(`  ✘ ${failure.title} (${failure.status})`);
      for (const line of failure.error.split("\n")) out.push(`      ${line}`);
    }
    if (this.shopLines.length > 0) {
      out.push(`[stories] the shared shop's last ${this.shopLines.length} lines on stderr:`);
      for (const line of this.shopLines) out.push(`  ${line}`);
    }
    process.stdout.write(`${out.join("\n")}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}

function withoutColours(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}
