/**
 * 3MF: a zip holding the model as XML (3D Manufacturing Format core spec, with the Production extension's
 * `p:path` that Bambu Studio, OrcaSlicer and PrusaSlicer use to keep each object in its own part).
 * What is read: the `unit` of each model part, its `<object>`s (a `<mesh>` of vertices and triangles, or
 * `<components>` pointing at other objects with a transform), and the `<build>` items placed with their
 * transforms. Everything else (colours, materials, slicer settings, thumbnails) is ignored. The zip reader
 * is fflate, which runs unchanged in the browser and on the server; the XML is scanned with regular
 * expressions because neither side has the same XML parser (the server has no DOMParser).
 */
import { unzipSync } from "fflate";
import {
  FloatList,
  finish,
  guardSize,
  guardTriangles,
  MESH_MESSAGES,
  type Mesh,
  MeshError,
  THREE_MF_MAX_UNPACKED_BYTES,
} from "./mesh-limits";

/** Millimetres per unit, for the core spec's `unit` attribute (millimetre when absent). */
const MM_PER_UNIT: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

/** A 3 × 4 affine matrix as the spec writes it: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32 (row vectors). */
type Transform = number[];
const IDENTITY: Transform = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

type Component = { path: string; objectId: string; transform: Transform };
type ObjectDefinition = { vertices: number[]; triangles: number[]; components: Component[] };
type ModelPart = { mmPerUnit: number; objects: Map<string, ObjectDefinition>; build: Component[] };

const ROOT_RELATIONSHIP = "http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel";

export function read3mf(bytes: Uint8Array): Mesh {
  guardSize(bytes);
  const files = unpack(bytes);
  const rootPath = findRootPath(files);
  const parts = new Map<string, ModelPart>();
  const partAt = (path: string): ModelPart => {
    const known = parts.get(path);
    if (known) return known;
    const file = files[path];
    if (!file) throw new MeshError(MESH_MESSAGES.bad3mfModel);
    const part = readModelPart(new TextDecoder().decode(file), path);
    parts.set(path, part);
    return part;
  };
  const root = partAt(rootPath);
  const out = { corners: new FloatList(), count: 0 };
  for (const item of root.build) placeObject(item, IDENTITY, partAt, out, 0);
  // Coordinates and transforms are in the root part's unit (the Production extension asks every part to share it).
  const positions = out.corners.take();
  if (root.mmPerUnit !== 1) for (let i = 0; i < positions.length; i++) positions[i] = (positions[i] as number) * root.mmPerUnit;
  return finish(positions, out.count, MESH_MESSAGES.not3mf);
}

function unpack(bytes: Uint8Array): Record<string, Uint8Array> {
  let unpacked = 0;
  try {
    const files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = file.name.toLowerCase().endsWith(".model") || file.name === "_rels/.rels";
        if (!wanted) return false;
        unpacked += file.originalSize;
        if (unpacked > THREE_MF_MAX_UNPACKED_BYTES) throw new MeshError(MESH_MESSAGES.too3mfLarge);
        return true;
      },
    });
    // Paths in relationships and p:path start with "/"; the zip's names do not.
    return Object.fromEntries(Object.entries(files).map(([name, data]) => [`/${name}`, data]));
  } catch (error) {
    if (error instanceof MeshError) throw error;
    throw new MeshError(MESH_MESSAGES.not3mf);
  }
}

/** The root model part named by the package's relationships, else the conventional `/3D/3dmodel.model`. */
function findRootPath(files: Record<string, Uint8Array>): string {
  const rels = files["/_rels/.rels"];
  if (rels) {
    for (const tag of new TextDecoder().decode(rels).matchAll(/<Relationship\b[^>]*>/g)) {
      const attributes = readAttributes(tag[0]);
      const target = attributes.get("Target");
      if (attributes.get("Type") === ROOT_RELATIONSHIP && target) return target.startsWith("/") ? target : `/${target}`;
    }
  }
  if (files["/3D/3dmodel.model"]) return "/3D/3dmodel.model";
  const anyModel = Object.keys(files).find((name) => name.toLowerCase().endsWith(".model"));
  if (!anyModel) throw new MeshError(MESH_MESSAGES.no3mfModel);
  return anyModel;
}

/** Reads one model part's XML in a single pass over its tags. */
function readModelPart(xml: string, path: string): ModelPart {
  const modelTag = xml.match(/<model\b[^>]*>/);
  if (!modelTag) throw new MeshError(MESH_MESSAGES.no3mfModel);
  const unit = readAttributes(modelTag[0]).get("unit") ?? "millimeter";
  const mmPerUnit = MM_PER_UNIT[unit];
  if (mmPerUnit === undefined) throw new MeshError(MESH_MESSAGES.unknown3mfUnit);

  const objects = new Map<string, ObjectDefinition>();
  const build: Component[] = [];
  let current: ObjectDefinition | null = null;
  let inBuild = false;
  const tags = /<(\/?)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)\b([^>]*)>/g;
  for (let match = tags.exec(xml); match; match = tags.exec(xml)) {
    const [, closing, , name, rest = ""] = match;
    if (closing) {
      if (name === "object") current = null;
      else if (name === "build") inBuild = false;
      continue;
    }
    if (name === "vertex" && current) {
      current.vertices.push(numberAttribute(rest, "x"), numberAttribute(rest, "y"), numberAttribute(rest, "z"));
    } else if (name === "triangle" && current) {
      current.triangles.push(indexAttribute(rest, "v1"), indexAttribute(rest, "v2"), indexAttribute(rest, "v3"));
      guardTriangles(current.triangles.length / 3);
    } else if (name === "object") {
      const id = readAttributes(rest).get("id");
      if (!id) throw new MeshError(MESH_MESSAGES.bad3mfModel);
      current = { vertices: [], triangles: [], components: [] };
      objects.set(id, current);
      if (rest.trimEnd().endsWith("/")) current = null;
    } else if (name === "component" && current) {
      current.components.push(readReference(rest, path));
    } else if (name === "build") {
      inBuild = !rest.trimEnd().endsWith("/");
    } else if (name === "item" && inBuild) {
      build.push(readReference(rest, path));
    }
  }
  return { mmPerUnit, objects, build };
}

function readReference(attributeText: string, path: string): Component {
  const attributes = readAttributes(attributeText);
  const objectId = attributes.get("objectid");
  if (!objectId) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  const transformText = attributes.get("transform");
  const transform = transformText ? transformText.trim().split(/\s+/).map(Number) : IDENTITY;
  if (transform.length !== 12 || transform.some((value) => !Number.isFinite(value))) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  return { path: attributes.get("path") ?? path, objectId, transform };
}

/** Attributes by local name (a `p:path` is `path`); values with the five XML entities decoded. */
function readAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, , name, double, single] of tag.matchAll(/(?:([\w.-]+):)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(name as string, decodeEntities(double ?? single ?? ""));
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(lt|gt|amp|quot|apos);/g,
    (_, entity: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[entity] as string,
  );
}

/** Vertices and triangles are most of a file: their attributes are read by name without building a map. */
const ATTRIBUTE_PATTERNS = new Map(
  ["x", "y", "z", "v1", "v2", "v3"].map((name) => [name, new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`)]),
);

const PLAIN_FORMS = new Map(["x", "y", "z", "v1", "v2", "v3"].map((name) => [name, ` ${name}="`]));

function numberAttribute(text: string, name: "x" | "y" | "z" | "v1" | "v2" | "v3"): number {
  // Every exporter seen writes ` x="1.5"`: found with indexOf, several times faster than a pattern over millions of tags.
  const plain = PLAIN_FORMS.get(name) as string;
  const at = text.indexOf(plain);
  let value: number;
  if (at >= 0) {
    const start = at + plain.length;
    const raw = text.slice(start, text.indexOf('"', start));
    value = raw.trim() === "" ? Number.NaN : Number(raw);
  } else {
    const match = text.match(ATTRIBUTE_PATTERNS.get(name) as RegExp);
    value = match ? Number(match[1]) : Number.NaN;
  }
  if (!Number.isFinite(value)) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  return value;
}

function indexAttribute(text: string, name: "v1" | "v2" | "v3"): number {
  const value = numberAttribute(text, name);
  if (!Number.isInteger(value) || value < 0) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  return value;
}

/** Component transforms nest: an object placed inside one placed inside another. Deeper than this is a loop. */
const MAX_NESTING = 32;

function placeObject(
  reference: Component,
  outer: Transform,
  partAt: (path: string) => ModelPart,
  out: { corners: FloatList; count: number },
  depth: number,
): void {
  if (depth > MAX_NESTING) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  const part = partAt(reference.path);
  const object = part.objects.get(reference.objectId);
  if (!object) throw new MeshError(MESH_MESSAGES.bad3mfModel);
  // The component's own transform applies first, then the one around it (row vectors: inner × outer).
  const transform = multiply(reference.transform, outer);
  const { vertices, triangles } = object;
  const mirrored = determinant(transform) < 0; // a mirror turns the faces inside out: swap two corners back
  const vertexCount = vertices.length / 3;
  for (let t = 0; t < triangles.length; t += 3) {
    const corners = mirrored ? [triangles[t], triangles[t + 2], triangles[t + 1]] : [triangles[t], triangles[t + 1], triangles[t + 2]];
    for (const index of corners as number[]) {
      if (index >= vertexCount) throw new MeshError(MESH_MESSAGES.bad3mfModel);
      const [x, y, z] = apply(
        transform,
        vertices[index * 3] as number,
        vertices[index * 3 + 1] as number,
        vertices[index * 3 + 2] as number,
      );
      out.corners.push(x, y, z);
    }
    out.count++;
    guardTriangles(out.count);
  }
  for (const component of object.components) placeObject(component, transform, partAt, out, depth + 1);
}

function multiply(a: Transform, b: Transform): Transform {
  const out: number[] = [];
  for (let row = 0; row < 4; row++) {
    for (let column = 0; column < 3; column++) {
      let sum = row === 3 ? (b[9 + column] as number) : 0;
      for (let k = 0; k < 3; k++) sum += (a[row * 3 + k] as number) * (b[k * 3 + column] as number);
      out.push(sum);
    }
  }
  return out;
}

function determinant(m: Transform): number {
  const [a, b, c, d, e, f, g, h, i] = m as [number, number, number, number, number, number, number, number, number];
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

function apply(m: Transform, x: number, y: number, z: number): [number, number, number] {
  return [
    x * (m[0] as number) + y * (m[3] as number) + z * (m[6] as number) + (m[9] as number),
    x * (m[1] as number) + y * (m[4] as number) + z * (m[7] as number) + (m[10] as number),
    x * (m[2] as number) + y * (m[5] as number) + z * (m[8] as number) + (m[11] as number),
  ];
}
