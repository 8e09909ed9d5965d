/**
 * The shapes the instant-price accuracy set is made of (bench/sliced-models.ts): blocks, plates (flat and
 * standing), prisms and tubes of many proportions, every wall at least 3 mm, each a closed mesh sitting on
 * Z = 0. Their sizes come from a seeded random sequence, so the same set is made every time.
 */
import type { Point, Triangle } from "../tests/support/stl";

export type ShapeKind = "block" | "plate" | "prism" | "tube";
export type Shape = { name: string; kind: ShapeKind; triangles: Triangle[] };

/** A box from the origin: two triangles a face, facing out. */
function box(width: number, depth: number, height: number): Triangle[] {
  return prismOf(
    [
      [0, 0],
      [width, 0],
      [width, depth],
      [0, depth],
    ],
    height,
  );
}

/** A polygon (counter-clockwise seen from above) drawn straight up by `height`: sides and two fan-triangulated caps. */
function prismOf(outline: Array<[number, number]>, height: number): Triangle[] {
  const triangles: Triangle[] = [];
  const n = outline.length;
  const [cx, cy] = outline.reduce(([sx, sy], [x, y]) => [sx + x / n, sy + y / n], [0, 0]);
  for (let i = 0; i < n; i++) {
    const [ax, ay] = outline[i] as [number, number];
    const [bx, by] = outline[(i + 1) % n] as [number, number];
    const a0: Point = [ax, ay, 0];
    const b0: Point = [bx, by, 0];
    const a1: Point = [ax, ay, height];
    const b1: Point = [bx, by, height];
    triangles.push([a0, b0, b1], [a0, b1, a1]);
    triangles.push([[cx, cy, 0], b0, a0], [[cx, cy, height], a1, b1]);
  }
  return triangles;
}

function regularPolygon(sides: number, radius: number, turn = 0): Array<[number, number]> {
  return Array.from({ length: sides }, (_, i) => {
    const angle = turn + (2 * Math.PI * i) / sides;
    return [radius + radius * Math.cos(angle), radius + radius * Math.sin(angle)] as [number, number];
  });
}

/** A round tube: outer and inner walls of `segments` facets, joined by flat rings at the bottom and top. */
function tube(outerRadius: number, innerRadius: number, height: number, segments = 64): Triangle[] {
  const triangles: Triangle[] = [];
  const at = (radius: number, i: number, z: number): Point => {
    const angle = (2 * Math.PI * (i % segments)) / segments;
    return [outerRadius + radius * Math.cos(angle), outerRadius + radius * Math.sin(angle), z];
  };
  for (let i = 0; i < segments; i++) {
    const [o0, o1, O0, O1] = [at(outerRadius, i, 0), at(outerRadius, i + 1, 0), at(outerRadius, i, height), at(outerRadius, i + 1, height)];
    const [n0, n1, N0, N1] = [at(innerRadius, i, 0), at(innerRadius, i + 1, 0), at(innerRadius, i, height), at(innerRadius, i + 1, height)];
    triangles.push([o0, o1, O1], [o0, O1, O0]); // outer wall, facing out
    triangles.push([n0, N1, n1], [n0, N0, N1]); // inner wall, facing the hole
    triangles.push([o0, n1, o1], [o0, n0, n1]); // bottom ring, facing down
    triangles.push([O0, O1, N1], [O0, N1, N0]); // top ring, facing up
  }
  return triangles;
}

/** mulberry32: a small seeded generator, so the set is the same on every machine. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` shapes, the four kinds taking turns so any run of them mixes all four. Sizes are spread on a
 * log scale (a 10 mm part is as likely as a 100 mm one) and kept inside an MK3S's 250 × 210 × 210 mm.
 */
export function makeShapes(count: number, seed = 26): Shape[] {
  const random = seeded(seed);
  const between = (low: number, high: number) =>
    Math.round(Math.exp(Math.log(low) + random() * (Math.log(high) - Math.log(low))) * 10) / 10;
  const shapes: Shape[] = [];
  const kinds: ShapeKind[] = ["block", "plate", "prism", "tube"];
  for (let index = 0; index < count; index++) {
    const kind = kinds[index % kinds.length] as ShapeKind;
    const number = String(index + 1).padStart(2, "0");
    if (kind === "block") {
      const [w, d, h] = [between(8, 120), between(8, 120), between(8, 100)];
      shapes.push({ name: `${number}-block-${w}x${d}x${h}`, kind, triangles: box(w, d, h) });
    } else if (kind === "plate") {
      // Every third plate stands on its edge: a wall, thin across Y.
      const thin = between(3, 8);
      const [w, other] = [between(30, 180), between(20, 150)];
      const standing = index % 3 === 1;
      const [d, h] = standing ? [thin, Math.min(other, 120)] : [Math.min(other, 180), thin];
      shapes.push({ name: `${number}-plate-${w}x${d}x${h}`, kind, triangles: box(w, d, h) });
    } else if (kind === "prism") {
      const sides = [3, 5, 6, 8][Math.floor(random() * 4)] as number;
      const [radius, h] = [between(6, 60), between(5, 120)];
      shapes.push({
        name: `${number}-prism${sides}-r${radius}x${h}`,
        kind,
        triangles: prismOf(regularPolygon(sides, radius, random()), h),
      });
    } else {
      const outer = between(8, 60);
      const wall = Math.max(3, Math.min(outer - 2, between(3, outer * 0.6)));
      const h = between(5, 120);
      shapes.push({ name: `${number}-tube-r${outer}w${Math.round(wall * 10) / 10}x${h}`, kind, triangles: tube(outer, outer - wall, h) });
    }
  }
  return shapes;
}
