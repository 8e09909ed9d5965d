import { describe, expect, test } from "bun:test";
import { ukDayAndHour, ukToday } from "../../shared/uk-day";

// shared/uk-day.ts works out the UK's clock by the Summer Time Order's rule instead of asking ICU
// (decision 0008: ICU's first date formatter cost every cold start ~11 ms). ICU's Europe/London zone
// is the reference here: were the law to change, the zone data would, and these tests would fail.

const icu = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function icuDayAndHour(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(icu.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const HOUR = 3_600_000;
/**
 * Five hours apart: 5 and 24 share no factor, so across 2020–2040 every hour of the day is checked on every weekday
 * and season, at a fifth of the ICU calls of every hour (ICU is the slow side, and this test must not need an idle
 * machine). The changes of the clocks themselves are checked to the minute below.
 */
const STEP = 5 * HOUR;

describe("the UK's day and hour at an instant", () => {
  test("agree with ICU's Europe/London at every hour of the day, every five hours from 2020 to 2040", () => {
    const mismatches: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2041, 0, 1); time += STEP) {
      const at = new Date(time);
      const ours = ukDayAndHour(at);
      const theirs = icuDayAndHour(at);
      if (ours.day !== theirs.day || ours.hour !== theirs.hour) mismatches.push(at.toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  test("agree with ICU a minute either side of every change of the clocks, 1996 to 2100", () => {
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2100; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const at of [new Date(change - 60_000), new Date(change), new Date(change + 60_000)]) {
          const ours = ukDayAndHour(at);
          const theirs = icuDayAndHour(at);
          if (ours.day !== theirs.day || ours.hour !== theirs.hour) mismatches.push(at.toISOString());
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  test("summer: 23:30 GMT on 30 June is already 1 July in the UK; winter: 23:30 GMT on 30 December is still 30 December", () => {
    expect(ukDayAndHour(new Date("2026-06-30T23:30:00Z"))).toEqual({ day: "2026-07-01", hour: 0 });
    expect(ukToday(new Date("2026-12-30T23:30:00Z"))).toBe("2026-12-30");
  });

  test("the clocks go forward at 01:00 GMT on the last Sunday of March 2026 and back at 01:00 GMT on 25 October 2026", () => {
    expect(ukDayAndHour(new Date("2026-03-29T00:59:00Z")).hour).toBe(0);
    expect(ukDayAndHour(new Date("2026-03-29T01:00:00Z")).hour).toBe(2);
    expect(ukDayAndHour(new Date("2026-10-25T00:59:00Z")).hour).toBe(1);
    expect(ukDayAndHour(new Date("2026-10-25T01:00:00Z")).hour).toBe(1);
  });
});
