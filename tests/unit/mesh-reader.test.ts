import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MESH_MAX_BYTES,
  MESH_MESSAGES,
  MeshError,
  measureModel,
  meshStats,
  parseMesh,
  parseObj,
  parseStl,
  type Vec3,
} from "../../shared/mesh-reader";
import { asciiStlText, binaryStl, cubeTriangles, type Triangle } from "../support/stl";

// The figures the owner reads in the admin 3D viewer, from files built here.

const asciiStl = (triangles: Triangle[]) => new TextEncoder().encode(asciiStlText(triangles));

/** An OBJ cube of side 20 with quad faces, so the fan triangulation is exercised. */
const OBJ_CUBE = `# 20 mm cube
o cube
v 0 0 0
v 20 0 0
v 20 20 0
v 0 20 0
v 0 0 20
v 20 0 20
v 20 20 20
v 0 20 20
vn 0 0 1
f 1 4 3 2
f 5/1/1 6/1/1 7/1/1 8/1/1
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f -4 -1 -5 -8
`;

const text = (value: string) => new TextEncoder().encode(value);

function expectCube(stats: ReturnType<typeof meshStats>) {
  expect(stats.triangleCount).toBe(12);
  expect(stats.volumeCm3).toBeCloseTo(8, 6);
  expect(stats.volumeCm3.toFixed(1)).toBe("8.0");
  expect(stats.size).toEqual({ width: 20, depth: 20, height: 20 });
  expect(stats.watertight).toBe(true);
  expect(stats.openEdges).toBe(0);
  expect(stats.insideOut).toBe(false);
}

describe("a 20 mm cube", () => {
  test("as ASCII STL: 8.0 cm³, 20 × 20 × 20 mm, 12 triangles, watertight", () => {
    expectCube(meshStats(parseStl(asciiStl(cubeTriangles(20)))));
  });

  test("as binary STL, even with a header starting 'solid'", () => {
    expectCube(meshStats(parseStl(binaryStl(cubeTriangles(20)))));
  });

  test("as OBJ with quads (fan-triangulated) and a negative index face", () => {
    expectCube(meshStats(parseObj(text(OBJ_CUBE))));
  });

  test("the volume does not depend on where the model sits", () => {
    const far = meshStats(parseStl(binaryStl(cubeTriangles(20, [150, -80, 3]))));
    expect(far.volumeCm3).toBeCloseTo(8, 4);
    expect(far.min).toEqual([150, -80, 3]);
    expect(far.watertight).toBe(true);
  });

  test("inside-out triangles still give the volume, flagged", () => {
    const flipped = cubeTriangles(20).map(([a, b, c]) => [a, c, b] as Triangle);
    const stats = meshStats(parseStl(asciiStl(flipped)));
    expect(stats.volumeCm3).toBeCloseTo(8, 6);
    expect(stats.insideOut).toBe(true);
  });

  test("parseMesh and measureModel choose the reader by extension, in any case", () => {
    expect(parseMesh(text(OBJ_CUBE), "Cube.OBJ").triangleCount).toBe(12);
    expect(measureModel(asciiStl(cubeTriangles(20)), "cube.Stl").stats.volumeCm3).toBeCloseTo(8, 6);
  });

  test("the shopper fixture used by the browser stories measures the same", async () => {
    const { stlCube } = await import("../e2e/support/files");
    expectCube(meshStats(parseStl(new Uint8Array(stlCube().buffer))));
  });
});

describe("on the server, as a server-side reader of uploaded models will run it", () => {
  test("reads a binary and an ASCII STL from files on disk: a 30 mm cube is 27.0 cm³ either way", () => {
    const folder = mkdtempSync(join(tmpdir(), "mesh-reader-"));
    try {
      writeFileSync(join(folder, "binary.stl"), binaryStl(cubeTriangles(30)));
      writeFileSync(join(folder, "ascii.stl"), asciiStlText(cubeTriangles(30)));
      for (const name of ["binary.stl", "ascii.stl"]) {
        const { stats } = measureModel(new Uint8Array(readFileSync(join(folder, name))), name);
        expect(stats.volumeCm3.toFixed(1)).toBe("27.0");
        expect(stats.size).toEqual({ width: 30, depth: 30, height: 30 });
        expect(stats.watertight).toBe(true);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("the readers import nothing but each other and fflate: no DOM, no three.js, no runtime API, so browser and server run the same code", () => {
    const allowed = new Set(["./mesh-3mf", "./mesh-limits", "./mesh-weld", "fflate"]);
    for (const file of ["mesh-reader.ts", "mesh-3mf.ts", "mesh-limits.ts", "mesh-weld.ts"]) {
      const source = readFileSync(join(import.meta.dir, "..", "..", "shared", file), "utf8");
      const imports = new Bun.Transpiler({ loader: "ts" }).scanImports(source).map((entry) => entry.path);
      expect({ file, outside: imports.filter((path) => !allowed.has(path)) }).toEqual({ file, outside: [] });
      expect(source).not.toMatch(/\b(document|window|navigator|self)\./);
    }
  });
});

describe("a cube with its top missing", () => {
  test("is not watertight: 4 open edges, 10 triangles", () => {
    const open = cubeTriangles(20).filter((_, index) => index !== 2 && index !== 3);
    const stats = meshStats(parseStl(binaryStl(open)));
    expect(stats.triangleCount).toBe(10);
    expect(stats.watertight).toBe(false);
    expect(stats.openEdges).toBe(4);
    expect(stats.nonManifoldEdges).toBe(0);
    expect(stats.size).toEqual({ width: 20, depth: 20, height: 20 });
  });
});

describe("welding corners before edges are counted", () => {
  test("corners a hair apart (0.2 µm) are one corner, wherever they fall on the weld grid", () => {
    // A small closed tetrahedron further out moves the grid's origin, so the cube's corners land all over their cells.
    const tetrahedron = (d: number): Triangle[] => {
      const [o, x, y, z]: Vec3[] = [
        [-d, -d, -d],
        [1 - d, -d, -d],
        [-d, 1 - d, -d],
        [-d, -d, 1 - d],
      ];
      return [
        [o, y, x],
        [o, x, z],
        [o, z, y],
        [x, y, z],
      ] as Triangle[];
    };
    for (let step = 0; step < 24; step++) {
      const d = 5 + step * 0.00013;
      const jittered = cubeTriangles(20).map((corners, t) => corners.map((c) => c.map((v) => v + (t % 2) * 2e-4)) as Triangle);
      const stats = meshStats(parseStl(asciiStl([...jittered, ...tetrahedron(d)])));
      expect({ d, open: stats.openEdges }).toEqual({ d, open: 0 });
    }
  });

  test("a real gap (0.05 mm) is not welded shut", () => {
    const gapped = cubeTriangles(20).map((corners, t) =>
      t === 2 || t === 3 ? (corners.map(([x, y, z]) => [x, y, z + 0.05]) as Triangle) : corners,
    );
    const stats = meshStats(parseStl(asciiStl(gapped)));
    expect(stats.watertight).toBe(false);
    expect(stats.openEdges).toBe(8);
  });
});

describe("files that cannot be previewed say why", () => {
  test("random bytes named .stl", () => {
    const garbage = new Uint8Array(1000).map((_, i) => (i * 7919 + 13) % 251);
    expect(() => parseStl(garbage)).toThrow(new MeshError(MESH_MESSAGES.notStl));
  });

  test("a text file named .obj with no faces", () => {
    expect(() => parseObj(text("hello, this is a letter\nnot a model\n"))).toThrow(MESH_MESSAGES.empty);
  });

  test("an OBJ face pointing at a vertex that does not exist", () => {
    expect(() => parseObj(text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n"))).toThrow(MESH_MESSAGES.notObj);
  });

  test("an STL with no facets", () => {
    expect(() => parseStl(text("solid nothing\nendsolid nothing\n"))).toThrow(MESH_MESSAGES.empty);
  });

  test("a PDF renamed .stl", () => {
    expect(() => parseMesh(text("%PDF-1.7\n1 0 obj << >> endobj\n"), "drawing.stl")).toThrow(MESH_MESSAGES.notStl);
  });

  test("another kind of file", () => {
    expect(() => parseMesh(text("G1 X10 Y10"), "part.gcode")).toThrow(MESH_MESSAGES.unknownKind);
  });

  test("a file over 50 MB is refused before it is read", () => {
    expect(() => parseStl(new Uint8Array(MESH_MAX_BYTES + 1))).toThrow(MESH_MESSAGES.tooLarge);
  });

  test("more than 5 million triangles is refused before they are built", () => {
    // One polygon with 5,000,003 corners fans into 5,000,001 triangles.
    const face = `f ${"1 2 3 ".repeat(1_666_668)}`.trimEnd();
    expect(() => parseObj(text(`v 0 0 0\nv 1 0 0\nv 0 1 0\n${face}\n`))).toThrow(MESH_MESSAGES.tooManyTriangles);
  });
});
