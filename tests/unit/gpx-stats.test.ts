import { describe, expect, test } from "bun:test";
import { GpxRefusal } from "../../shared/gpx-limits";
import { parseGpx } from "../../shared/gpx-reader";
import { climb, evenlySpaced, haversineMetres, routeDetails } from "../../shared/route-details";
import { formatDistanceKm, formatMetres, projectPoints, routePathData, routePreviewSvg } from "../../shared/route-drawing";
import { routeLengthM, trimFits, trimRoute } from "../../shared/route-trim";

// Worked by hand: 0.01° of latitude is 6371008.8 m × 0.01 × π/180 = 1111.9508 m.
const ONE_HUNDREDTH_DEGREE_M = 1111.9508;

const gpx = (body: string) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`,
  );

describe("haversine distance", () => {
  test("0.01° along a meridian is 1111.95 m", () => {
    expect(haversineMetres({ lat: 51, lon: -1 }, { lat: 51.01, lon: -1 })).toBeCloseTo(ONE_HUNDREDTH_DEGREE_M, 2);
  });

  test("0.01° of longitude at 60° north is half of that at the equator", () => {
    const atEquator = haversineMetres({ lat: 0, lon: 0 }, { lat: 0, lon: 0.01 });
    const atSixty = haversineMetres({ lat: 60, lon: 0 }, { lat: 60, lon: 0.01 });
    expect(atEquator).toBeCloseTo(ONE_HUNDREDTH_DEGREE_M, 2);
    expect(atSixty / atEquator).toBeCloseTo(0.5, 4);
  });
});

describe("ascent and descent with a 3 m hysteresis", () => {
  test("jitter smaller than 3 m is not counted as climbing", () => {
    expect(climb([100, 110, 111, 109, 120])).toEqual({ ascentM: 20, descentM: 0 });
  });

  test("a steady wobble of ±1 m climbs nothing", () => {
    expect(climb([50, 51, 50, 51, 50, 51, 50])).toEqual({ ascentM: 0, descentM: 0 });
  });

  test("up and down again counts both ways", () => {
    expect(climb([10, 20, 30, 25, 15])).toEqual({ ascentM: 20, descentM: 15 });
  });

  test("slow climbs add up once they pass the threshold", () => {
    expect(climb([0, 1, 2, 3, 4, 5, 6])).toEqual({ ascentM: 6, descentM: 0 });
  });

  test("no elevations, no climb", () => {
    expect(climb([])).toEqual({ ascentM: 0, descentM: 0 });
  });
});

describe("route details from a parsed GPX file", () => {
  test("three points along a meridian: distance, climb, box and profile", () => {
    const details = routeDetails(
      parseGpx(
        gpx(`<trk><trkseg>
        <trkpt lat="51.00" lon="-1.5"><ele>100</ele></trkpt>
        <trkpt lat="51.01" lon="-1.5"><ele>101.5</ele></trkpt>
        <trkpt lat="51.02" lon="-1.5"><ele>112</ele></trkpt>
      </trkseg></trk>`),
      ),
    );
    expect(details.distanceM).toBeCloseTo(2 * ONE_HUNDREDTH_DEGREE_M, 0);
    expect(details.ascentM).toBe(12);
    expect(details.descentM).toBe(0);
    expect(details.pointCount).toBe(3);
    expect(details.bbox).toEqual({ minLat: 51, minLon: -1.5, maxLat: 51.02, maxLon: -1.5 });
    expect(details.points).toEqual([
      [51, -1.5],
      [51.01, -1.5],
      [51.02, -1.5],
    ]);
    expect(details.profile).toEqual([
      [0, 100],
      [1112, 101.5],
      [2224, 112],
    ]);
  });

  test("the gap between two track segments is not walked", () => {
    const details = routeDetails(
      parseGpx(
        gpx(`<trk>
        <trkseg><trkpt lat="10" lon="10"/><trkpt lat="10.01" lon="10"/></trkseg>
        <trkseg><trkpt lat="20" lon="20"/><trkpt lat="20.01" lon="20"/></trkseg>
      </trk>`),
      ),
    );
    expect(details.distanceM).toBeCloseTo(2 * ONE_HUNDREDTH_DEGREE_M, 0);
  });

  test("route points count and waypoints are kept apart from the line", () => {
    const details = routeDetails(
      parseGpx(gpx(`<wpt lat="1" lon="1"><name>Café</name></wpt><rte><rtept lat="0" lon="0"/><rtept lat="0.01" lon="0"/></rte>`)),
    );
    expect(details.distanceM).toBeCloseTo(ONE_HUNDREDTH_DEGREE_M, 0);
    expect(details.pointCount).toBe(3);
    expect(details.waypoints).toEqual([[1, 1]]);
    expect(details.profile).toEqual([]);
  });

  test("a long track is thinned to 500 drawn points and 200 profile samples, keeping both ends", () => {
    const points = Array.from(
      { length: 5000 },
      (_, i) => `<trkpt lat="${(i / 10000).toFixed(5)}" lon="0"><ele>${i % 50}</ele></trkpt>`,
    ).join("");
    const details = routeDetails(parseGpx(gpx(`<trk><trkseg>${points}</trkseg></trk>`)));
    expect(details.pointCount).toBe(5000);
    expect(details.points).toHaveLength(500);
    expect(details.points[0]).toEqual([0, 0]);
    expect(details.points[499]).toEqual([0.4999, 0]);
    expect(details.profile).toHaveLength(200);
    expect(details.profile[199]?.[0]).toBe(Math.round(details.distanceM));
  });

  test("evenlySpaced keeps short lists as they are", () => {
    expect(evenlySpaced([1, 2, 3], 500)).toEqual([1, 2, 3]);
    expect(evenlySpaced([1, 2, 3, 4, 5], 3)).toEqual([1, 3, 5]);
  });
});

describe("parseGpx refuses what is not a plain GPX file", () => {
  const refusal = (bytes: Uint8Array) => {
    try {
      parseGpx(bytes);
    } catch (error) {
      return error instanceof GpxRefusal ? error.message : String(error);
    }
    return "accepted";
  };
  const text = (s: string) => new TextEncoder().encode(s);

  test("a lower-case doctype is still a doctype", () => {
    expect(refusal(text(`<!doctype gpx><gpx/>`))).toBe("GPX files with a DOCTYPE or entities are not accepted.");
  });

  test("another XML root element is not GPX", () => {
    expect(refusal(text(`<kml><trkpt lat="1" lon="1"/></kml>`))).toBe(
      "That file is not a GPX route. Export a .gpx file from your watch or app.",
    );
  });

  test("a blank latitude is not the equator", () => {
    expect(refusal(gpx(`<wpt lat="" lon="1"/>`))).toBe("The GPX file has coordinates out of range.");
  });

  test("a UTF-16 file is refused as not GPX rather than misread", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(new TextEncoder().encode("<gpx/>")).flatMap((b) => [b, 0])]);
    expect(refusal(utf16)).toBe("That file is not a GPX route. Export a .gpx file from your watch or app.");
  });

  test("a UTF-8 byte-order mark is fine", () => {
    expect(refusal(new Uint8Array([0xef, 0xbb, 0xbf, ...gpx(`<wpt lat="1" lon="2"/>`)]))).toBe("accepted");
  });
});

describe("route drawing", () => {
  const details = routeDetails(
    parseGpx(
      gpx(`<trk><trkseg><trkpt lat="51" lon="-1"><ele>10</ele></trkpt><trkpt lat="51.02" lon="-0.98"><ele>40</ele></trkpt></trkseg></trk>`),
    ),
  );

  test("formats distance in km with one decimal and heights in whole metres", () => {
    expect(formatDistanceKm(12345)).toBe("12.3 km");
    expect(formatDistanceKm(800)).toBe("0.8 km");
    expect(formatMetres(1234.4)).toBe("1,234 m");
  });

  test("the projection fits the route inside the padding and keeps its shape", () => {
    const box = { width: 400, height: 400, padding: 20 };
    const [[x0, y0], [x1, y1]] = projectPoints(details.points, details.bbox, box) as [[number, number], [number, number]];
    for (const v of [x0, y0, x1, y1]) expect(v >= 20 && v <= 380).toBe(true);
    // North is up; 0.02° of longitude at 51° is narrower than 0.02° of latitude.
    expect(y1).toBeLessThan(y0);
    expect(Math.abs(x1 - x0) / Math.abs(y1 - y0)).toBeCloseTo(Math.cos((51.01 * Math.PI) / 180), 2);
    expect(routePathData(details.points, details.bbox, box)).toMatch(/^M[\d.]+ [\d.]+ L[\d.]+ [\d.]+$/);
  });

  test("the preview is one SVG with the line, start and finish markers, and the summary", () => {
    const svg = routePreviewSvg(details);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain("<title>Start</title>");
    expect(svg).toContain("<title>Finish</title>");
    expect(svg).toContain("max 40 m");
    expect(svg).toContain("min 10 m");
    // √(2223.9² + (2223.9 × cos 51°)²) ≈ 2627 m
    expect(svg).toContain("2.6 km · 30 m ascent · 0 m descent");
    expect(svg).not.toContain("<script");
  });
});

// shared/route-trim.ts: the trim the upload call and the product page both run (docs/decisions/0028-route-trim-in-the-browser.md).
describe("trimming a route by metres", () => {
  // 21 points 0.01° of latitude apart along 1° W: 20 × 1111.95 m, in two segments of 11 and 10 points.
  const north = (from: number, to: number) =>
    Array.from(
      { length: to - from },
      (_, k) => `<trkpt lat="${(51 + (from + k) / 100).toFixed(2)}" lon="-1"><ele>${from + k}</ele></trkpt>`,
    ).join("");
  const content = parseGpx(gpx(`<trk><trkseg>${north(0, 11)}</trkseg><trkseg>${north(11, 21)}</trkseg></trk>`));

  test("the length a trim is measured along is the lines end to end, without the gap between segments", () => {
    expect(routeLengthM(content)).toBeCloseTo(19 * ONE_HUNDREDTH_DEGREE_M, 3);
    expect(routeDetails(content).distanceM).toBeCloseTo(routeLengthM(content), 0);
  });

  test("a trim fits while it leaves some of the route; no trim always fits", () => {
    expect(trimFits({ startM: 0, endM: 0 }, 0)).toBe(true);
    expect(trimFits({ startM: 500, endM: 499 }, 1000)).toBe(true);
    expect(trimFits({ startM: 500, endM: 500 }, 1000)).toBe(false);
    expect(trimFits({ startM: 1000, endM: 0 }, 999)).toBe(false);
  });

  test("cuts exactly 1000 m off the start and 500 m off the end, and hands back what it hid", () => {
    const { content: kept, hidden } = trimRoute(content, { startM: 1000, endM: 500 });
    const first = kept.lines[0]![0]!;
    const last = kept.lines.at(-1)!.at(-1)!;
    expect(haversineMetres({ lat: 51, lon: -1 }, first)).toBeCloseTo(1000, 3);
    expect(haversineMetres(last, { lat: 51.2, lon: -1 })).toBeCloseTo(500, 3);
    expect(routeLengthM(kept)).toBeCloseTo(19 * ONE_HUNDREDTH_DEGREE_M - 1500, 3);
    // The height is cut in proportion too: 1000 m is 0.899 of the first step, from 0 m to 1 m.
    expect(first.ele).toBeCloseTo(1000 / ONE_HUNDREDTH_DEGREE_M, 6);
    expect(hidden.start[0]).toEqual([51, -1]);
    expect(hidden.start.at(-1)![0]).toBeCloseTo(first.lat, 6);
    expect(hidden.end.at(-1)).toEqual([51.2, -1]);
  });

  test("a trim that would hide the whole route is refused with what to do", () => {
    expect(() => trimRoute(content, { startM: 1000, endM: 20_200 })).toThrow(GpxRefusal);
    expect(() => trimRoute(content, { startM: 1000, endM: 20_200 })).toThrow(
      "The route is shorter than the parts you asked to hide. Hide less of its start or end and try again.",
    );
  });
});
