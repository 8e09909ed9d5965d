import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { bankHolidayLookups, countingDay, dispatchBy, isWorkingDay, workingDaysAfter, workingDaysBetween } from "../../shared/working-days";
import { HANG_GUARD_MS } from "../support/wait-until";

// Working days are Monday to Friday outside the bank holidays of England and Wales (npm
// date-holidays), and an order placed at or after the cut-off hour, UK time, counts from
// the next working day (docs/decisions/0015-working-days.md).

const CUT_OFF = 14;
/** An instant written in UTC, so each case says exactly which UK hour it is. */
const at = (iso: string) => new Date(iso);

describe("working days", () => {
  test("weekends are not working days; weekdays are", () => {
    expect(isWorkingDay("2026-11-28")).toBe(false); // Saturday
    expect(isWorkingDay("2026-11-29")).toBe(false); // Sunday
    expect(isWorkingDay("2026-11-27")).toBe(true); // Friday
    expect(isWorkingDay("2026-11-30")).toBe(true); // Monday (St Andrew's Day is Scotland's, not England's)
  });

  test("an order placed on a Saturday counts from Monday; lead time 0 is dispatched that Monday", () => {
    expect(dispatchBy(at("2026-11-28T09:00:00Z"), 0, CUT_OFF)).toBe("2026-11-30");
    expect(dispatchBy(at("2026-11-28T09:00:00Z"), 3, CUT_OFF)).toBe("2026-12-03");
  });

  test("lead time counts working days across a weekend", () => {
    // Thursday 26 November before the cut-off: Friday, Monday, Tuesday.
    expect(dispatchBy(at("2026-11-26T10:00:00Z"), 3, CUT_OFF)).toBe("2026-12-01");
  });

  test("Christmas Day and Boxing Day, and their substitute days in 2026 and 2027", () => {
    expect(isWorkingDay("2026-12-25")).toBe(false);
    expect(isWorkingDay("2026-12-28")).toBe(false); // Boxing Day 2026 is a Saturday
    expect(isWorkingDay("2027-12-27")).toBe(false); // Christmas Day 2027 is a Saturday
    expect(isWorkingDay("2027-12-28")).toBe(false); // Boxing Day 2027 is a Sunday
    expect(isWorkingDay("2027-12-29")).toBe(true);
    expect(dispatchBy(at("2026-12-24T10:00:00Z"), 1, CUT_OFF)).toBe("2026-12-29");
    expect(dispatchBy(at("2027-12-24T10:00:00Z"), 1, CUT_OFF)).toBe("2027-12-29");
  });

  test("New Year's Day on a Saturday moves to Monday 3 January 2028", () => {
    expect(isWorkingDay("2028-01-03")).toBe(false);
    expect(dispatchBy(at("2027-12-31T10:00:00Z"), 1, CUT_OFF)).toBe("2028-01-04");
  });

  test("Good Friday and Easter Monday, 2027 and 2028", () => {
    for (const day of ["2027-03-26", "2027-03-29", "2028-04-14", "2028-04-17"]) expect(isWorkingDay(day)).toBe(false);
    expect(dispatchBy(at("2027-03-25T10:00:00Z"), 1, CUT_OFF)).toBe("2027-03-30");
    expect(dispatchBy(at("2028-04-13T09:00:00Z"), 1, CUT_OFF)).toBe("2028-04-18");
  });

  test("the early May and spring bank holidays", () => {
    for (const day of ["2027-05-03", "2027-05-31", "2028-05-01", "2028-05-29"]) expect(isWorkingDay(day)).toBe(false);
    expect(dispatchBy(at("2027-04-30T09:00:00Z"), 1, CUT_OFF)).toBe("2027-05-04");
  });

  test("the August bank holiday is England's last Monday, not Scotland's first", () => {
    expect(isWorkingDay("2027-08-30")).toBe(false);
    expect(isWorkingDay("2027-08-02")).toBe(true);
    expect(isWorkingDay("2026-01-02")).toBe(true); // 2 January is a bank holiday in Scotland only
    expect(dispatchBy(at("2027-08-27T09:00:00Z"), 1, CUT_OFF)).toBe("2027-08-31");
  });

  test("observances are working days: only public and bank holidays count", () => {
    // date-holidays lists Mother's Day, Easter Sunday and Father's Day for GB as observances (all Sundays);
    // the holidays counted are exactly the eight bank holidays of 2026.
    const holidays2026 = Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10))
      .filter((day) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))
      .filter((day) => !isWorkingDay(day));
    expect(holidays2026).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-06",
      "2026-05-04",
      "2026-05-25",
      "2026-08-31",
      "2026-12-25",
      "2026-12-28",
    ]);
  });
});

describe("the cut-off hour, UK time", () => {
  test("in winter (GMT) 13:59 counts from today and 14:00 from the next working day", () => {
    expect(countingDay(at("2026-03-27T13:59:00Z"), CUT_OFF)).toBe("2026-03-27");
    expect(countingDay(at("2026-03-27T14:00:00Z"), CUT_OFF)).toBe("2026-03-30");
  });

  test("after the clocks go forward (BST) 13:59 UK time is 12:59 UTC", () => {
    expect(countingDay(at("2026-03-30T12:59:00Z"), CUT_OFF)).toBe("2026-03-30");
    expect(countingDay(at("2026-03-30T13:00:00Z"), CUT_OFF)).toBe("2026-03-31");
  });

  test("either side of the clocks going back in October", () => {
    // Friday 23 October 2026, still BST.
    expect(countingDay(at("2026-10-23T12:59:00Z"), CUT_OFF)).toBe("2026-10-23");
    expect(countingDay(at("2026-10-23T13:00:00Z"), CUT_OFF)).toBe("2026-10-26");
    // Monday 26 October 2026, GMT again.
    expect(countingDay(at("2026-10-26T13:59:00Z"), CUT_OFF)).toBe("2026-10-26");
    expect(countingDay(at("2026-10-26T14:00:00Z"), CUT_OFF)).toBe("2026-10-27");
  });

  test("just after midnight UK time in summer is already the next UK day", () => {
    // 23:30 UTC on Sunday 31 May 2026 is 00:30 BST on Monday 1 June.
    expect(countingDay(at("2026-05-31T23:30:00Z"), CUT_OFF)).toBe("2026-06-01");
  });

  test("lead time 0 before the cut-off is dispatched the same day; after it, the next working day", () => {
    expect(dispatchBy(at("2026-11-24T13:59:00Z"), 0, CUT_OFF)).toBe("2026-11-24");
    expect(dispatchBy(at("2026-11-24T14:00:00Z"), 0, CUT_OFF)).toBe("2026-11-25");
  });

  test("a cut-off hour of 0 counts every order from the next working day", () => {
    expect(dispatchBy(at("2026-11-24T00:00:00Z"), 0, 0)).toBe("2026-11-25");
  });
});

describe("the server's own time zone", () => {
  test("a server in Auckland or Los Angeles promises the same days", async () => {
    const cases = `[
      ["2026-03-27T13:59:00Z", 0], ["2026-03-27T14:00:00Z", 0], ["2026-10-23T13:00:00Z", 2],
      ["2027-12-24T10:00:00Z", 1], ["2026-05-31T23:30:00Z", 0], ["2027-03-25T10:00:00Z", 1]
    ]`;
    const script = `import { dispatchBy } from ${JSON.stringify(join(import.meta.dir, "../../shared/working-days.ts"))};
      console.log(JSON.stringify(${cases}.map(([iso, lead]) => dispatchBy(new Date(iso), lead, 14))));`;
    const here = (JSON.parse(cases) as [string, number][]).map(([iso, lead]) => dispatchBy(new Date(iso), lead, CUT_OFF));
    expect(here).toEqual(["2026-03-27", "2026-03-30", "2026-10-28", "2027-12-29", "2026-06-01", "2027-03-30"]);
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles"]) {
      const child = Bun.spawn([process.execPath, "-e", script], { env: { ...process.env, TZ: zone }, stdout: "pipe" });
      const output = await new Response(child.stdout).text();
      expect(await child.exited).toBe(0);
      expect(JSON.parse(output)).toEqual(here);
    }
  });
});

/** The rule as it was first written, kept here only: walk one calendar day at a time, skipping days that are not working days. */
function dayWalkingDispatchBy(placedAt: Date, leadTimeDays: number, cutOffHour: number): string {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const workingDayFrom = (day: string) => {
    let current = day;
    while (!isWorkingDayKept(current)) current = nextDay(current);
    return current;
  };
  let day = countingDay(placedAt, cutOffHour);
  for (let left = leadTimeDays; left > 0; left--) day = workingDayFrom(nextDay(day));
  return day;
}

const workingDayKept = new Map<string, boolean>();
/** isWorkingDay, each day's answer kept: the reference walks millions of days and only the walking is under test. */
function isWorkingDayKept(day: string): boolean {
  let working = workingDayKept.get(day);
  if (working === undefined) {
    working = isWorkingDay(day);
    workingDayKept.set(day, working);
  }
  return working;
}

/** Every UK day from `first` to `last`, as instants at `utcHour`. */
function everyDay(first: string, last: string, utcHour: number): Date[] {
  const days: Date[] = [];
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= Date.parse(`${last}T00:00:00Z`); time += 86_400_000) {
    days.push(new Date(time + utcHour * 3_600_000));
  }
  return days;
}

describe("working days are counted, not walked (docs/decisions/0026-limits-and-working-days.md)", () => {
  test(
    "365 working days from every day of 2026 to 2028, before and after the cut-off, is the day-walking answer",
    () => {
      const starts = [...everyDay("2026-01-01", "2028-12-31", 9), ...everyDay("2026-01-01", "2028-12-31", 15)];
      const differing = starts.filter((at) => dispatchBy(at, 365, CUT_OFF) !== dayWalkingDispatchBy(at, 365, CUT_OFF));
      expect(differing.map((at) => at.toISOString())).toEqual([]);
      expect(starts.length).toBe(2 * 1096);
    },
    HANG_GUARD_MS,
  );

  test(
    "every lead time from 0 to 30, and 60, 130, 250 and 300, from every third day of 2026 to 2028 is the day-walking answer",
    () => {
      const leadTimes = [...Array.from({ length: 31 }, (_, days) => days), 60, 130, 250, 300];
      const starts = everyDay("2026-01-01", "2028-12-31", 13).filter((_, index) => index % 3 === 0);
      const differing: string[] = [];
      for (const at of starts) {
        for (const lead of leadTimes) {
          if (dispatchBy(at, lead, CUT_OFF) !== dayWalkingDispatchBy(at, lead, CUT_OFF)) differing.push(`${at.toISOString()} + ${lead}`);
        }
      }
      expect(differing).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  test("365 working days costs a look-up of each year's bank holidays it spans, not a check of each day: at most 6 (walking took 380)", () => {
    const lookupsFor = (leadTimeDays: number, placedAt = at("2026-11-27T10:00:00Z")) => {
      const walked = dayWalkingDispatchBy(placedAt, leadTimeDays, CUT_OFF); // also loads the years' holidays
      const before = bankHolidayLookups();
      expect(dispatchBy(placedAt, leadTimeDays, CUT_OFF)).toBe(walked);
      return bankHolidayLookups() - before;
    };
    expect(lookupsFor(5)).toBeLessThanOrEqual(2);
    expect(lookupsFor(365)).toBeLessThanOrEqual(6);
    // The most from any start: Christmas Eve after the cut-off, where the counting day itself crosses four days off.
    expect(lookupsFor(365, at("2026-12-24T16:00:00Z"))).toBeLessThanOrEqual(9);
    // Ten times the days (about 14 years): the look-ups grow with the years and their holidays, not with the days.
    expect(lookupsFor(3650)).toBeLessThanOrEqual(25);
  });

  test("from any day of 2026 to 2030, before or after the cut-off, 365 working days costs at most 9 look-ups", () => {
    const starts = [...everyDay("2026-01-01", "2030-12-31", 10), ...everyDay("2026-01-01", "2030-12-31", 16)];
    for (const placedAt of starts) dispatchBy(placedAt, 365, CUT_OFF); // every year's holidays loaded
    let most = 0;
    for (const placedAt of starts) {
      const before = bankHolidayLookups();
      dispatchBy(placedAt, 365, CUT_OFF);
      most = Math.max(most, bankHolidayLookups() - before);
    }
    expect(most).toBeLessThanOrEqual(9);
  });
});

describe("working days left on a paused promise (docs/decisions/0048-order-holds.md)", () => {
  test("counts the working days after one day up to another, across a weekend", () => {
    // Thursday 3 December to Tuesday 8 December 2026: Friday, Monday, Tuesday.
    expect(workingDaysBetween("2026-12-03", "2026-12-08")).toBe(3);
    expect(workingDaysBetween("2026-12-03", "2026-12-03")).toBe(0);
    expect(workingDaysBetween("2026-12-08", "2026-12-03")).toBe(0);
  });

  test("leaves out the bank holidays: Christmas Day and the Boxing Day substitute of 2026", () => {
    // Thursday 24 December 2026 to Tuesday 29 December: Friday 25 and Monday 28 are bank holidays.
    expect(workingDaysBetween("2026-12-24", "2026-12-29")).toBe(1);
  });

  test("is the inverse of counting working days on, over a year of starts and lead times", () => {
    for (
      let start = new Date("2026-01-01T00:00:00Z");
      start.getUTCFullYear() === 2026;
      start = new Date(start.getTime() + 5 * 86_400_000)
    ) {
      const day = start.toISOString().slice(0, 10);
      for (const lead of [0, 1, 4, 9, 23]) {
        if (!isWorkingDay(day)) continue;
        expect(workingDaysBetween(day, workingDaysAfter(day, lead))).toBe(lead);
      }
    }
  });
});
