// wrk (Debian's `wrk` package) as the bench's load generator for single pages.
// It is written in C and, with one thread, answers the question "how fast is
// the shop" rather than "how fast is the load generator": autocannon on Node
// parses every response in JavaScript and tops out near 3,000 answers a second
// on a 17 kB page, where Bun's own ceiling is past 40,000. The crowd test stays
// on autocannon, which can pace each shopper and walk a list of pages.
import type { Load } from "./load";

export type WrkOptions = { url: string; connections: number; seconds: number; warmupSeconds: number; headers: Record<string, string> };

export async function runWrk({ url, connections, seconds, warmupSeconds, headers }: WrkOptions): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const run = async (duration: number) => {
    const child = Bun.spawn(["wrk", "-t1", `-c${connections}`, `-d${duration}s`, "--latency", "--timeout", "10s", ...headerArgs, url], {
      stdout: "pipe",
      stderr: "inherit",
    });
    const [text, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    if (code !== 0) throw new Error(`wrk failed (${code}):\n${text}`);
    return text;
  };
  if (warmupSeconds > 0) await run(warmupSeconds);
  return parseWrkOutput(await run(seconds));
}

/** The figures of `wrk --latency` output, latencies in milliseconds. */
export function parseWrkOutput(text: string): Load {
  const find = (pattern: RegExp): RegExpExecArray => {
    const match = pattern.exec(text);
    if (!match) throw new Error(`wrk output has no ${pattern}:\n${text}`);
    return match;
  };
  const DURATION = String.raw`([\d.]+)(us|ms|s)\b`;
  const millis = (pattern: string) => {
    const [, value, unit] = find(new RegExp(pattern, "m"));
    return Math.round(Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit as "us" | "ms" | "s"] * 100) / 100;
  };
  const total = Number(find(/(\d+) requests in/)[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text)?.slice(1).map(Number) ?? [0, 0, 0, 0];
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)[1]),
    total,
    p50: millis(String.raw`^\s*50%\s+${DURATION}`),
    p99: millis(String.raw`^\s*99%\s+${DURATION}`),
    // "Latency  avg  stdev  max  +/- stdev"
    max: millis(String.raw`^\s*Latency\s+\S+\s+\S+\s+${DURATION}`),
    ok: total - non2xx,
    non2xx,
    errors: socket[0]! + socket[1]! + socket[2]!,
    timeouts: socket[3]!,
  };
}
