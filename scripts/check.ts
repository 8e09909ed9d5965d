/**
 * `bun run check`: every check, in three lanes at once. The unit and API tests (`bun test`) keep about one core
 * busy; the second lane runs the type check, the lint and the whole-process tests (`bun run test:ops`), which spend
 * most of their time waiting on the processes they start; the third runs the browser stories (the client built
 * first), which wait on pages far more than they compute. Run one after another they left half of a 2-core machine idle
 * (docs/decisions/0045-accessibility-checks-in-the-page-and-a-watched-chip.md). Every test waits on the condition it
 * needs, so lanes that share the cores only take longer, never fail for it. The first lane's output is shown as it
 * comes; the others' is shown whole when they end, so lanes never interleave. Exits with the first failing step's code.
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
  [{ name: "unit and API tests", command: ["bun", "test", "--timeout", HANG_GUARD_MS] }],
  [
    { name: "typecheck", command: ["bun", "run", "typecheck"] },
    { name: "lint", command: ["bun", "run", "lint"] },
    { name: "whole-process tests", command: ["bun", "run", "test:ops"] },
  ],
  // Built before the lanes start: the bundle test checks that its own build leaves dist/client as it was.
  [{ name: "browser stories", command: ["npx", "playwright", "test"] }],
];
const clientBuild: Step = { name: "client build", command: ["bun", "scripts/build.ts"] };

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
  const [built] = await runLane([clientBuild], true);
  if (built?.code !== 0) return built?.code ?? 1;
  const [streamed, ...kept] = await Promise.all(lanes.map((steps, index) => runLane(steps, index === 0)));
  for (const outcome of kept.flat()) process.stdout.write(outcome.output);
  const failed = [...(streamed ?? []), ...kept.flat()].find((outcome) => outcome.code !== 0);
  if (failed) console.error(`[check] ${failed.step.name} failed.`);
  return failed?.code ?? 0;
}

main().then((code) => process.exit(code));
