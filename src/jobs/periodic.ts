import { errorFields, log } from "../log";

export type PeriodicJob = { stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs`, first after one interval. The next run is
 * scheduled only when the previous one has finished, so a slow run delays the
 * next instead of overlapping it. A failing run is logged and the job goes
 * on: one bad tick must not stop email delivery for good. `stop()` resolves
 * once any run in flight has finished, so shutdown never cuts one in half.
 * Each run leaves one JSON log line: the job, its duration, and its result
 * (counts, never personal data) or its error.
 */
export function startPeriodicJob(name: string, intervalMs: number, run: () => Promise<unknown> | unknown): PeriodicJob {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const tick = async () => {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const result = await run();
      log("info", "job", { job: name, durationMs: durationMs(), result: result ?? null });
    } catch (error) {
      log("error", "job", { job: name, durationMs: durationMs(), ...errorFields(error) });
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = tick().finally(() => {
        inFlight = undefined;
        schedule();
      });
    }, intervalMs);
  };

  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
