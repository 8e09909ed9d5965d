import { describe, expect, test } from "bun:test";
import { nonNegativeLeastSquares } from "../../src/modules/instant-prices/least-squares";

// The fit under calibration: exact on exact data, never a negative coefficient.

const ones = (count: number) => new Array<number>(count).fill(1);

describe("nonNegativeLeastSquares", () => {
  test("points on y = 2 + 3x give back 2 and 3", () => {
    const xs = [0, 1, 2, 5, 9];
    const [a = 0, b = 0] = nonNegativeLeastSquares(
      xs.map((x) => [1, x]),
      xs.map((x) => 2 + 3 * x),
      ones(xs.length),
    );
    expect(a).toBeCloseTo(2, 9);
    expect(b).toBeCloseTo(3, 9);
  });

  test("where the best line falls (y = 10 − x), the slope is held at zero and the level is the weighted mean", () => {
    const xs = [0, 2, 4, 6];
    const coefficients = nonNegativeLeastSquares(
      xs.map((x) => [1, x]),
      xs.map((x) => 10 - x),
      ones(xs.length),
    );
    expect(coefficients[1]).toBe(0);
    expect(coefficients[0]).toBeCloseTo(7, 9);
  });

  test("weights decide which points count: a point weighted a million times over is met almost exactly", () => {
    const [level = 0] = nonNegativeLeastSquares([[1], [1]], [10, 20], [1, 1_000_000]);
    expect(level).toBeCloseTo(20, 3);
  });

  test("a column of zeros (a term the jobs say nothing about) stays at zero", () => {
    const coefficients = nonNegativeLeastSquares(
      [
        [1, 0],
        [2, 0],
      ],
      [3, 6],
      [1, 1],
    );
    expect(coefficients).toEqual([3, 0]);
  });
});
