import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attributeStalls, stallsInWords } from "../../bench/stall-causes";

const dir = mkdtempSync(join(tmpdir(), "strata-stall-causes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (ms: number) => Date.parse("2026-11-27T12:00:00.000Z") + ms;
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: "info", ...fields });

/** A shop log as the shop writes it: each request and job run with its end time and duration. */
function shopLog(): string {
  const file = join(dir, "shop.log");
  writeFileSync(
    file,
    [
      line({ time: new Date(at(0)).toISOString(), msg: "Strata is open at http://127.0.0.1:3300" }),
      // Ran from 1,000 to 1,030 ms.
      line({
        time: new Date(at(1_030)).toISOString(),
        msg: "request",
        method: "GET",
        path: "/api/admin/dashboard/stats",
        status: 200,
        durationMs: 30,
      }),
      line({
        time: new Date(at(1_010)).toISOString(),
        msg: "request",
        method: "GET",
        path: "/products/hex-planter",
        status: 200,
        durationMs: 1,
      }),
      line({
        time: new Date(at(1_020)).toISOString(),
        msg: "request",
        method: "GET",
        path: "/products/hex-planter",
        status: 200,
        durationMs: 1,
      }),
      // Ran from 5,000 to 5,004 ms.
      line({ time: new Date(at(5_004)).toISOString(), msg: "job", job: "deliver-outbox", durationMs: 4, result: { sent: 0 } }),
      '{"time":"2026-11-27T12:00:09',
    ].join("\n"),
  );
  return file;
}

describe("the bench's stall causes (bench/stall-causes.ts)", () => {
  const log = shopLog();
  const actions = [{ name: "owner: export", startedAt: at(2_000), endedAt: at(3_500) }];
  const stalls = attributeStalls(
    [
      { endedAt: at(1_040), ms: 25, cpuMs: 22 },
      { endedAt: at(3_000), ms: 40, cpuMs: 3, waitMs: 36.5, processCpuMs: 10 },
      { endedAt: at(5_010), ms: 12, cpuMs: 11 },
      { endedAt: at(8_000), ms: 15, cpuMs: 0.2 },
    ],
    actions,
    log,
    "/products/hex-planter",
  );

  test("names the owner's requests under way in a stall and counts the shoppers' answers apart", () => {
    expect(stalls[0]).toEqual({ endedAt: at(1_040), ms: 25, cpuMs: 22, during: ["GET /api/admin/dashboard/stats"], shopperAnswers: 2 });
  });

  test("names the owner's action from the bench's own timeline (an export streams long after its handler returned)", () => {
    expect(stalls[1]?.during).toEqual(["owner: export"]);
  });

  test("names a job run that overlapped the stall", () => {
    expect(stalls[2]?.during).toEqual(["job deliver-outbox"]);
  });

  test("says so when nothing of the owner's and no job ran, and ranks the longest first in words", () => {
    expect(stalls[3]?.during).toEqual([]);
    expect(stallsInWords(stalls, 2)).toEqual([
      "40 ms (CPU 3 ms, waiting for a core 36.5 ms, whole process 10 ms) during owner: export",
      "25 ms (CPU 22 ms) during GET /api/admin/dashboard/stats and 2 shopper answers",
    ]);
    expect(stallsInWords(stalls, 4)[3]).toBe("12 ms (CPU 11 ms) during job deliver-outbox");
    expect(stallsInWords([stalls[3]!], 1)).toEqual(["15 ms (CPU 0.2 ms) during nothing of the owner's, no job"]);
  });

  test("says how much of the machine's CPU time its hypervisor gave to other guests during a stall", () => {
    const stolen = attributeStalls([{ endedAt: at(9_000), ms: 30, cpuMs: 4, waitMs: 0.1, processCpuMs: 0, stealMs: 60 }], [], log, "/");
    expect(stallsInWords(stolen, 1)).toEqual([
      "30 ms (CPU 4 ms, waiting for a core 0.1 ms, whole process 0 ms, the hypervisor's steal 60 ms) during nothing of the owner's, no job",
    ]);
  });
});
