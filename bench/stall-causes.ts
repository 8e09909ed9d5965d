// What each noted stall of the owner's loop overlapped (bench/loop-stall.ts notes them): the owner's actions as the
// bench made them (an export from its request to its last byte), and the requests and jobs the shop's own log says
// were under way (one JSON line per request and per job run, with its end time and duration), read after the run,
// so naming them costs the measured shop nothing. The shoppers' many product-page answers are counted, not listed. docs/decisions/0053-the-loop-the-memory-and-the-first-script.md
import { readFileSync } from "node:fs";
import type { NotedStall } from "./loop-stall";
import type { OwnerAction } from "./owner";

/** One stall with the thread's CPU in it and what ran then. */
export type AttributedStall = NotedStall & { during: string[]; shopperAnswers: number };

type Work = { name: string; startedAt: number; endedAt: number };

/** A stall's window is the timer's gap: from its last turn (5 ms and `ms` before the end) to the turn that noticed. */
const TICK_MS = 5;

export function attributeStalls(
  stalls: NotedStall[],
  ownerActions: OwnerAction[],
  shopLog: string,
  shopperPath: string,
): AttributedStall[] {
  const work: Work[] = [...ownerActions, ...workIn(shopLog)];
  return stalls.map((stall) => {
    const from = stall.endedAt - stall.ms - TICK_MS;
    const overlapping = work.filter((item) => item.startedAt <= stall.endedAt && item.endedAt >= from);
    const shopper = overlapping.filter((item) => item.name === `GET ${shopperPath}`);
    const during = [...new Set(overlapping.filter((item) => !shopper.includes(item)).map((item) => item.name))];
    return { ...stall, during, shopperAnswers: shopper.length };
  });
}

function workIn(logFile: string): Work[] {
  const work: Work[] = [];
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes('"durationMs"')) continue;
    try {
      const entry = JSON.parse(line) as { time: string; msg: string; method?: string; path?: string; job?: string; durationMs: number };
      const endedAt = Date.parse(entry.time);
      const name = entry.msg === "job" ? `job ${entry.job}` : `${entry.method} ${entry.path}`;
      work.push({ name, startedAt: endedAt - entry.durationMs, endedAt });
    } catch {
      // A line cut short as the shop stopped.
    }
  }
  return work;
}

/**
 * The longest few, in words: "34.1 ms (CPU 30.2 ms, waiting for a core 2.1 ms, whole process 40 ms, the
 * hypervisor's steal 0 ms) during GET /api/admin/dashboard/stats". What is neither the thread's CPU nor its waiting,
 * it slept: in a blocking call, while its process's other threads worked (the whole process's CPU then far above the
 * thread's), or while the hypervisor ran other guests on the machine's CPUs (the steal, summed over them).
 */
export function stallsInWords(stalls: AttributedStall[], count: number): string[] {
  return [...stalls]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(
      (stall) =>
        `${stall.ms} ms (CPU ${stall.cpuMs} ms${stall.waitMs === undefined ? "" : `, waiting for a core ${stall.waitMs} ms`}${stall.processCpuMs === undefined ? "" : `, whole process ${stall.processCpuMs} ms`}${stall.stealMs === undefined ? "" : `, the hypervisor's steal ${stall.stealMs} ms`}) during ${stall.during.length > 0 ? stall.during.join(", ") : "nothing of the owner's, no job"}${stall.shopperAnswers > 0 ? ` and ${stall.shopperAnswers} shopper answers` : ""}`,
    );
}
