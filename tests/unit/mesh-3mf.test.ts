import { describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { MESH_MESSAGES, MeshError, parseMesh } from "../../shared/mesh-reader";
import { analyseMesh } from "../../shared/model-analysis";

// 3MF files built here with fflate, as design programs and slicers write them.

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>`;

const rels = (target: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
 <Relationship Target="${target}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>`;

/** A cube of `side` as 3MF mesh XML: eight shared vertices, twelve outward triangles. */
function cubeMesh(side: number): string {
  const s = side;
  const vertices = [
    [0, 0, 0],
    [s, 0, 0],
    [s, s, 0],
    [0, s, 0],
    [0, 0, s],
    [s, 0, s],
    [s, s, s],
    [0, s, s],
  ];
  const triangles = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [1, 2, 6],
    [1, 6, 5],
    [2, 3, 7],
    [2, 7, 6],
    [3, 0, 4],
    [3, 4, 7],
  ];
  return `<mesh><vertices>${vertices.map(([x, y, z]) => `<vertex x="${x}" y="${y}" z="${z}"/>`).join("")}</vertices><triangles>${triangles
    .map(([a, b, c]) => `<triangle v1="${a}" v2="${b}" v3="${c}"/>`)
    .join("")}</triangles></mesh>`;
}

const model = (body: string, unit = "millimeter") =>
  `<?xml version="1.0" encoding="UTF-8"?>
<model unit="${unit}" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06">
${body}
</model>`;

function threeMf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

const oneCube = (side: number, unit = "millimeter") =>
  threeMf({
    "[Content_Types].xml": CONTENT_TYPES,
    "_rels/.rels": rels("/3D/3dmodel.model"),
    "3D/3dmodel.model": model(
      `<resources><object id="1" type="model">${cubeMesh(side)}</object></resources><build><item objectid="1"/></build>`,
      unit,
    ),
  });

const analyse = (bytes: Uint8Array) => analyseMesh(parseMesh(bytes, "part.3mf"), [[250, 210, 210]]);

describe("a 3MF built in the test", () => {
  test("a 20 mm cube reads as 8,000 mm³ and 2,400 mm², closed, one shell", () => {
    const cube = analyse(oneCube(20));
    expect(cube.volume_mm3).toBeCloseTo(8000, 6);
    expect(cube.area_mm2).toBeCloseTo(2400, 6);
    expect(cube.bbox_mm).toEqual([20, 20, 20]);
    expect(cube.watertight).toBe(true);
    expect(cube.shells).toBe(1);
  });

  test("the file's unit is honoured: a 1 inch cube is 25.4 mm, not suspected of being in inches", () => {
    const inch = analyse(oneCube(1, "inch"));
    expect(inch.bbox_mm.map((side) => Math.round(side * 1000) / 1000)).toEqual([25.4, 25.4, 25.4]);
    expect(inch.volume_mm3).toBeCloseTo(25.4 ** 3, 1);
    expect(analyse(oneCube(2, "centimeter")).volume_mm3).toBeCloseTo(8000, 3);
  });

  test("components with transforms, placed by a build item's transform: two 10 mm cubes 30 mm apart, lifted 5 mm", () => {
    const bytes = threeMf({
      "[Content_Types].xml": CONTENT_TYPES,
      "_rels/.rels": rels("/3D/3dmodel.model"),
      "3D/3dmodel.model": model(`<resources>
  <object id="1" type="model">${cubeMesh(10)}</object>
  <object id="2" type="model"><components>
    <component objectid="1"/>
    <component objectid="1" transform="1 0 0 0 1 0 0 0 1 30 0 0"/>
  </components></object>
</resources>
<build><item objectid="2" transform="1 0 0 0 1 0 0 0 1 100 100 5"/></build>`),
    });
    const mesh = parseMesh(bytes, "pair.3mf");
    expect(mesh.triangleCount).toBe(24);
    const pair = analyse(bytes);
    expect(pair.shells).toBe(2);
    expect(pair.volume_mm3).toBeCloseTo(2000, 6);
    expect(pair.bbox_mm).toEqual([40, 10, 10]);
    expect(Math.min(...mesh.positions.filter((_, i) => i % 3 === 2))).toBe(5);
  });

  test("a rotation and a scale in the transform: a 10 mm cube turned 90° about Z and doubled is 8,000 mm³", () => {
    const bytes = threeMf({
      "[Content_Types].xml": CONTENT_TYPES,
      "_rels/.rels": rels("/3D/3dmodel.model"),
      "3D/3dmodel.model": model(
        `<resources><object id="1" type="model">${cubeMesh(10)}</object></resources><build><item objectid="1" transform="0 2 0 -2 0 0 0 0 2 0 0 0"/></build>`,
      ),
    });
    const turned = analyse(bytes);
    expect(turned.volume_mm3).toBeCloseTo(8000, 3);
    expect(turned.bbox_mm.map(Math.round)).toEqual([20, 20, 20]);
  });

  test("a mirroring transform keeps the faces pointing out: the volume stays positive and the bottom is on the bed", () => {
    const bytes = threeMf({
      "[Content_Types].xml": CONTENT_TYPES,
      "_rels/.rels": rels("/3D/3dmodel.model"),
      "3D/3dmodel.model": model(
        `<resources><object id="1" type="model">${cubeMesh(10)}</object></resources><build><item objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/><item objectid="1" transform="1 0 0 0 1 0 0 0 1 20 0 0"/></build>`,
      ),
    });
    const mirrored = analyse(bytes);
    expect(mirrored.volume_mm3).toBeCloseTo(2000, 6);
    expect(mirrored.overhang_fraction).toBe(0);
  });

  test("Bambu Studio's layout: the root model points at each object's own file with p:path", () => {
    const bytes = threeMf({
      "[Content_Types].xml": CONTENT_TYPES,
      "_rels/.rels": rels("/3D/3dmodel.model"),
      "3D/3dmodel.model": model(
        `<resources><object id="2" p:UUID="00000001-61cb-4c03-9d28-80fed5dfa1dc" type="model"><components><component p:path="/3D/Objects/object_1.model" objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 0"/></components></object></resources><build p:UUID="2c7c17d8-22b5-4d84-8835-1976022ea369"><item objectid="2" p:UUID="00000002-b1ec-4553-aec9-835e5b724bb4" transform="1 0 0 0 1 0 0 0 1 128 128 10" printable="1"/></build>`,
      ),
      "3D/Objects/object_1.model": model(`<resources><object id="1" type="model">${cubeMesh(20)}</object></resources>`),
      "Metadata/model_settings.config": "<config/>",
    });
    const part = analyse(bytes);
    expect(part.volume_mm3).toBeCloseTo(8000, 6);
    expect(part.watertight).toBe(true);
  });

  test("with no relationships file, the conventional 3D/3dmodel.model is read", () => {
    const bytes = threeMf({
      "3D/3dmodel.model": model(
        `<resources><object id="1" type="model">${cubeMesh(20)}</object></resources><build><item objectid="1"/></build>`,
      ),
    });
    expect(analyse(bytes).volume_mm3).toBeCloseTo(8000, 6);
  });
});

describe("3MF files that cannot be read say why", () => {
  test("bytes that are not a zip", () => {
    expect(() => parseMesh(strToU8("solid cube\nendsolid cube\n"), "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.not3mf));
  });

  test("a zip with no model inside", () => {
    expect(() => parseMesh(threeMf({ "readme.txt": "hello" }), "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.no3mfModel));
  });

  test("a triangle pointing at a vertex that does not exist", () => {
    const bytes = threeMf({
      "3D/3dmodel.model": model(
        `<resources><object id="1" type="model"><mesh><vertices><vertex x="0" y="0" z="0"/></vertices><triangles><triangle v1="0" v2="1" v3="2"/></triangles></mesh></object></resources><build><item objectid="1"/></build>`,
      ),
    });
    expect(() => parseMesh(bytes, "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.bad3mfModel));
  });

  test("a build item naming an object that is not there", () => {
    const bytes = threeMf({ "3D/3dmodel.model": model(`<resources/><build><item objectid="7"/></build>`) });
    expect(() => parseMesh(bytes, "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.bad3mfModel));
  });

  test("a unit of length the format does not have", () => {
    expect(() => parseMesh(oneCube(20, "furlong"), "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.unknown3mfUnit));
  });

  test("a model with nothing on its build plate has no triangles", () => {
    const bytes = threeMf({
      "3D/3dmodel.model": model(`<resources><object id="1" type="model">${cubeMesh(20)}</object></resources><build/>`),
    });
    expect(() => parseMesh(bytes, "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.empty));
  });

  test("a model that says it unpacks to 500 MB is refused before it is unpacked", () => {
    const bytes = oneCube(20);
    // The central directory's record of the model part: its unpacked size (offset 24) claims 500 MB.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const names = new TextDecoder("latin1").decode(bytes); // one character a byte, so indices are offsets
    let at = names.lastIndexOf("PK\u0001\u0002");
    while (at >= 0 && !names.startsWith("3D/3dmodel.model", at + 46)) at = names.lastIndexOf("PK\u0001\u0002", at - 1);
    view.setUint32(at + 24, 500 * 1024 * 1024, true);
    expect(() => parseMesh(bytes, "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.too3mfLarge));
  });

  test("a component that contains itself is refused, not followed for ever", () => {
    const bytes = threeMf({
      "3D/3dmodel.model": model(
        `<resources><object id="1" type="model"><components><component objectid="1"/></components></object></resources><build><item objectid="1"/></build>`,
      ),
    });
    expect(() => parseMesh(bytes, "part.3mf")).toThrow(new MeshError(MESH_MESSAGES.bad3mfModel));
  });
});
