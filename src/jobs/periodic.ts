export type PeriodicJob = { stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs`, first after one interval. The next run is
 * scheduled only when the previous one has finished, so a slow run delays the
 * next instead of overlapping it. A failing run is logged and the job goes
 * on: one bad tick must not stop email delivery for good. `stop()` resolves
 * once any run in flight has finished, so shutdown never cuts one in half.
 */
export function startPeriodicJob(name: string, intervalMs: number, run: () => Promise<unknown> | unknown): PeriodicJob {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const tick = async () => {
    try {
      await run();
    } catch (error) {
      console.error(`[job ${name}] run failed:`, error);
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
