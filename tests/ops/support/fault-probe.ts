// Loaded into a shop's process before it starts (tests/ops/faults-logged.test.ts): a signal makes a fault there,
// as a bug in one piece of work would. SIGUSR2: a promise fails with nothing waiting on it. SIGHUP: a timer throws.
process.on("SIGUSR2", () => {
  void Promise.reject(new Error("the probe's promise failed"));
});
process.on("SIGHUP", () => {
  setTimeout(() => {
    throw new Error("the probe's timer threw");
  }, 0);
});
