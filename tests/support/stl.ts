// The one builder of STL files for tests: unit tests measure them, browser stories upload them.
// Plain TypeScript with no Bun APIs, so Playwright (on Node) can import it too.

export type Point = [number, number, number];
export type Triangle = [Point, Point, Point];

/**
 * A cube of side `size` from the origin (moved by `offset`) as eight shared corners and twelve outward-facing
 * triangles of corner numbers, bottom face first: what an indexed format (3MF, OBJ) writes.
 */
export function cubeCornersAndFaces(size: number, offset: Point = [0, 0, 0]): { corners: Point[]; faces: [number, number, number][] } {
  const s = size;
  const unit: Point[] = [
    [0, 0, 0],
    [s, 0, 0],
    [s, s, 0],
    [0, s, 0],
    [0, 0, s],
    [s, 0, s],
    [s, s, s],
    [0, s, s],
  ];
  const corners = unit.map(([x, y, z]): Point => [x + offset[0], y + offset[1], z + offset[2]]);
  const faces: [number, number, number][] = [
    [0, 2, 1],
    [0, 3, 2], // bottom
    [4, 5, 6],
    [4, 6, 7], // top
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ];
  return { corners, faces };
}

/** The same cube as an STL's twelve triangles of corner points. */
export function cubeTriangles(size: number, offset: Point = [0, 0, 0]): Triangle[] {
  const { corners, faces } = cubeCornersAndFaces(size, offset);
  return faces.map(([a, b, c]) => [corners[a], corners[b], corners[c]] as Triangle);
}

/** ASCII STL text (`solid cube … endsolid cube`), each facet's normal worked out from its corners by the right-hand rule. */
export function asciiStlText(triangles: Triangle[]): string {
  const facets = triangles.map((corners) =>
    [
      `  facet normal ${unitNormal(corners).join(" ")}`,
      "    outer loop",
      ...corners.map((corner) => `      vertex ${corner.join(" ")}`),
      "    endloop",
      "  endfacet",
    ].join("\n"),
  );
  return `solid cube\n${facets.join("\n")}\nendsolid cube\n`;
}

/** Binary STL with zero normals; the header starts with "solid" on purpose, as many exporters' do. */
export function binaryStl(triangles: Triangle[]): Uint8Array {
  const bytes = new Uint8Array(84 + triangles.length * 50);
  bytes.set(new TextEncoder().encode("solid exported by a CAD program"));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  triangles.forEach((corners, t) => {
    for (const [i, value] of corners.flat().entries()) view.setFloat32(84 + t * 50 + 12 + i * 4, value, true);
  });
  return bytes;
}

function unitNormal([a, b, c]: Triangle): Point {
  const u: Point = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const w: Point = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n: Point = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const length = Math.hypot(...n) || 1;
  return n.map((value) => value / length) as Point;
}
