import { describe, expect, test } from "bun:test";
import type { PricingPrinter } from "../../shared/instant-prices";
import { parseMesh } from "../../shared/mesh-reader";
import { analyseMesh, INCH_MM, printersThatFit, scaleAnalysis } from "../../shared/model-analysis";
import { binaryStl, cubeTriangles, type Point, type Triangle } from "../support/stl";

// What the server measures in a shopper's model before pricing it, on meshes built here.

const MK3S: [number, number, number] = [250, 210, 210];
const analyse = (triangles: Triangle[], beds: Array<[number, number, number]> = [MK3S]) =>
  analyseMesh(parseMesh(binaryStl(triangles), "part.stl"), beds);
const insideOut = (triangles: Triangle[]) => triangles.map(([a, b, c]) => [a, c, b] as Triangle);

/** A square frustum on the bed: `bottom` wide at Z = 0, `top` wide at `height`, centred on the same axis. */
function frustum(bottom: number, top: number, height: number): Triangle[] {
  const square = (side: number, z: number): Point[] => {
    const inset = (Math.max(bottom, top) - side) / 2;
    return [
      [inset, inset, z],
      [inset + side, inset, z],
      [inset + side, inset + side, z],
      [inset, inset + side, z],
    ];
  };
  const [b, t] = [square(bottom, 0), square(top, height)];
  const triangles: Triangle[] = [
    [b[0], b[2], b[1]],
    [b[0], b[3], b[2]],
    [t[0], t[1], t[2]],
    [t[0], t[2], t[3]],
  ] as Triangle[];
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    triangles.push([b[i], b[j], t[j]] as Triangle, [b[i], t[j], t[i]] as Triangle);
  }
  return triangles;
}

describe("a 20 mm cube", () => {
  const cube = analyse(cubeTriangles(20));

  test("is 8,000 mm³ with 2,400 mm² of surface, 20 × 20 × 20 mm, one closed shell", () => {
    expect(cube.volume_mm3).toBeCloseTo(8000, 6);
    expect(cube.area_mm2).toBeCloseTo(2400, 6);
    expect(cube.bbox_mm).toEqual([20, 20, 20]);
    expect(cube.shells).toBe(1);
    expect(cube.watertight).toBe(true);
  });

  test("has no overhang: its bottom face rests on the bed", () => {
    expect(cube.overhang_fraction).toBe(0);
  });

  test("is not suspected of being drawn in inches: 508 mm would fit no bed", () => {
    expect(cube.units_suspect).toBe(false);
  });

  test("drawn inside out, it measures the same", () => {
    const flipped = analyse(insideOut(cubeTriangles(20)));
    expect(flipped.volume_mm3).toBeCloseTo(8000, 6);
    expect(flipped.overhang_fraction).toBe(0);
    expect(flipped.shells).toBe(1);
  });
});

describe("shells", () => {
  test("a hollow box (a 20 mm cube with a closed 10 mm void) is one piece of 7,000 mm³ and 3,000 mm²", () => {
    const hollow = analyse([...cubeTriangles(20), ...insideOut(cubeTriangles(10, [5, 5, 5]))]);
    expect(hollow.volume_mm3).toBeCloseTo(7000, 6);
    expect(hollow.area_mm2).toBeCloseTo(3000, 6);
    expect(hollow.shells).toBe(1);
    expect(hollow.watertight).toBe(true);
    // The void's ceiling faces down inside the part: 100 mm² of 3,000 needs bridging or support.
    expect(hollow.overhang_fraction).toBeCloseTo(100 / 3000, 9);
  });

  test("two cubes side by side are two shells", () => {
    const two = analyse([...cubeTriangles(10), ...cubeTriangles(10, [30, 0, 0])]);
    expect(two.shells).toBe(2);
    expect(two.volume_mm3).toBeCloseTo(2000, 6);
    expect(two.bbox_mm).toEqual([40, 10, 10]);
  });

  test("a small cube inside a hollow box (a part in a cage) is two pieces", () => {
    const caged = analyse([...cubeTriangles(30), ...insideOut(cubeTriangles(20, [5, 5, 5])), ...cubeTriangles(4, [13, 13, 13])]);
    expect(caged.shells).toBe(2);
  });
});

describe("an open mesh", () => {
  test("a cube with its top missing is not watertight", () => {
    const open = analyse(cubeTriangles(20).filter((_, index) => index !== 2 && index !== 3));
    expect(open.watertight).toBe(false);
    expect(open.area_mm2).toBeCloseTo(2000, 6);
  });
});

describe("overhangs", () => {
  test("sides leaning out 63° from vertical overhang; the bottom on the bed does not count", () => {
    const flared = analyse(frustum(10, 30, 5));
    const side = 20 * Math.hypot(5, 10); // a trapezoid: mean width 20, slant √125
    expect(flared.area_mm2).toBeCloseTo(100 + 900 + 4 * side, 6);
    expect(flared.overhang_fraction).toBeCloseTo((4 * side) / (100 + 900 + 4 * side), 9);
  });

  test("sides leaning out 27° from vertical print without support", () => {
    expect(analyse(frustum(10, 30, 20)).overhang_fraction).toBe(0);
  });

  test("a cube lifted off the bed by a thin post still has its underside over thin air", () => {
    const lifted = analyse([...cubeTriangles(2, [9, 9, 0]), ...cubeTriangles(20, [0, 0, 2])]);
    expect(lifted.overhang_fraction).toBeCloseTo(400 / (2400 + 24), 9);
  });
});

describe("units_suspect: offer ×25.4 to the shopper", () => {
  test("a 0.8 mm part is suspect: it is more likely inches", () => {
    expect(analyse(cubeTriangles(0.8)).units_suspect).toBe(true);
  });

  test("an 8 mm part is suspect where ×25.4 (203 mm) still fits a bed", () => {
    expect(analyse(cubeTriangles(8), [MK3S]).units_suspect).toBe(true);
  });

  test("the same 8 mm part is not suspect where 203 mm would fit no bed", () => {
    expect(analyse(cubeTriangles(8), [[180, 180, 180]]).units_suspect).toBe(false);
  });

  test("a 300 mm part is not suspect and fits no MK3S", () => {
    const large = analyse(cubeTriangles(300));
    expect(large.units_suspect).toBe(false);
    expect(printersThatFit(large.bbox_mm, [printer("mk3s", MK3S)])).toEqual([]);
  });
});

function printer(id: string, bed_mm: [number, number, number]): PricingPrinter {
  return { id, name: id, bed_mm, hourly_pence: 150 };
}

describe("printersThatFit", () => {
  const printers = [printer("mini", [180, 180, 180]), printer("mk3s", MK3S), printer("tall", [200, 100, 400])];

  test("a part larger than every bed fits none", () => {
    expect(printersThatFit([260, 260, 260], printers)).toEqual([]);
  });

  test("a part is turned about Z to fit: 120 × 240 × 50 fits the 250 × 210 bed turned, not the 180 or 200 × 100 ones", () => {
    expect(printersThatFit([120, 240, 50], printers)).toEqual(["mk3s"]);
  });

  test("a part is never tipped over: 50 × 50 × 230 stands taller than the MK3S's 210 mm", () => {
    expect(printersThatFit([50, 50, 230], printers)).toEqual(["tall"]);
  });

  test("a part exactly the bed's size fits", () => {
    expect(printersThatFit([180, 180, 180], printers)).toEqual(["mini", "mk3s"]);
  });
});

describe("scaleAnalysis", () => {
  test("×25.4 turns a part drawn in inches into millimetres: volume ×25.4³, area ×25.4², sides ×25.4", () => {
    const inches = analyse(cubeTriangles(1));
    const scaled = scaleAnalysis(inches, INCH_MM);
    expect(scaled.volume_mm3).toBeCloseTo(25.4 ** 3, 3);
    expect(scaled.area_mm2).toBeCloseTo(6 * 25.4 ** 2, 3);
    expect(scaled.bbox_mm.map((side) => Math.round(side * 1000) / 1000)).toEqual([25.4, 25.4, 25.4]);
    expect(scaled.shells).toBe(1);
    expect(scaled.overhang_fraction).toBe(inches.overhang_fraction);
  });
});
