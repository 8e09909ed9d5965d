/**
 * `bun run check`: the client build, every check in two lanes at once, then
 * the browser stories. The unit and API tests (`bun test`, its files in two processes)
 * keep the cores busy; the other lane runs the type
 * check, the lint and the whole-process tests (`bun run test:ops`), which
 * spend most of their time waiting on the processes they start. The browser
 * stories run last, alone: they use both cores. The first lane's output is
 * shown as it comes; the second lane's is shown whole when it ends, so the two
 * never interleave. Exits with the first failing step's code.
 */

type Step = { name: string; command: string[] };

/**
 * `bun test`'s own bound on one test is 5 s, a guess at speed that a busy machine breaks (the first test of a file
 * also pays for its imports). Every wait in a test has the bound of what it waits for (tests/support/wait-until.ts),
 * so the check's bound only catches a test that hangs (docs/decisions/0040-a-quick-steady-check.md); `test:ops`
 * passes the same.
 */
const HANG_GUARD_MS = "120000";

const lanes: Step[][] = [
  // Two test processes: the files are many and small, and one process keeps one core busy while the other lane's
  // steps mostly wait on the processes they start (docs/decisions/0052-each-screen-loaded-once-for-both-themes.md).
  [{ name: "unit and API tests", command: ["bun", "test", "--parallel=2", "--timeout", HANG_GUARD_MS] }],
  [
    { name: "typecheck", command: ["bun", "run", "typecheck"] },
    { name: "lint", command: ["bun", "run", "lint"] },
    { name: "whole-process tests", command: ["bun", "run", "test:ops"] },
  ],
];
// Playwright on its own (not `test:e2e`, which builds first): the build above is the one the stories use.
const last: Step = { name: "browser stories", command: ["npx", "playwright", "test"] };
// The client build first, once: a test that starts a shop builds it when it is missing or stale (src/ssr/assets.ts),
// and with the test files in two processes two such builds, or one beside the bundle test, would race in dist/client.
const first: Step = { name: "client build", command: ["bun", "run", "build"] };

type Outcome = { step: Step; code: number; output: string };

/** Runs the steps one after another until one fails; `shown` streams the output, else it is kept. */
async function runLane(steps: Step[], shown: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const started = performance.now();
    const proc = Bun.spawn(step.command, { stdout: shown ? "inherit" : "pipe", stderr: shown ? "inherit" : "pipe" });
    const [code, out, err] = await Promise.all([
      proc.exited,
      shown ? "" : new Response(proc.stdout as ReadableStream).text(),
      shown ? "" : new Response(proc.stderr as ReadableStream).text(),
    ]);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    outcomes.push({
      step,
      code,
      output: `${out}${err}\n[check] ${step.name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s\n`,
    });
    if (shown) console.log(`[check] ${step.name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${seconds} s`);
    if (code !== 0) break;
  }
  return outcomes;
}

async function main(): Promise<number> {
  const [built] = await runLane([first], true);
  if (built?.code !== 0) return built?.code ?? 1;
  const [streamed, kept] = await Promise.all([runLane(lanes[0]!, true), runLane(lanes[1]!, false)]);
  for (const outcome of kept) process.stdout.write(outcome.output);

  const failed = [...streamed, ...kept].find((outcome) => outcome.code !== 0);
  if (failed) {
    console.error(`[check] ${failed.step.name} failed: the browser stories were not run.`);
    return failed.code;
  }
  const [browser] = await runLane([last], true);
  return browser?.code ?? 1;
}

main().then((code) => process.exit(code));
