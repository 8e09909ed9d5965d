/**
 * The filament (grams) and printing time (minutes) a slicer wrote into the G-code it made: what an owner's
 * sliced job is calibrated on (docs/decisions/0041-instant-price-model.md). Read from the comments of
 * PrusaSlicer (at the end of the file), OrcaSlicer and Bambu Studio (a header block at the top, and the
 * PrusaSlicer lines at the end), and Cura (`;TIME:` seconds and `;Filament used:` metres at the top).
 * A .3mf or .gcode.3mf from Bambu Studio or OrcaSlicer carries each sliced plate as `Metadata/plate_N.gcode`.
 */
import { unzipSync } from "fflate";
import { BadRequest } from "../../errors";

export const SLICER_MESSAGES = {
  notGcode: "This file is not G-code or a sliced 3MF. Choose the .gcode or .gcode.3mf file your slicer saved for this model.",
  noPlate:
    "This 3MF has no sliced plate inside. In Bambu Studio or OrcaSlicer, slice the plate and use File › Export › Export plate sliced file, then choose that file.",
  tooLarge: "The G-code inside this 3MF unpacks to more than 256 MB, too large to read. Choose the plain .gcode file instead.",
  noGrams:
    "This G-code does not say how much filament it uses. Save it again from PrusaSlicer, OrcaSlicer, Bambu Studio or Cura, which write it in their comments.",
  noTime:
    "This G-code does not say how long it takes to print. Type the real printing time in minutes, or save it again from a slicer that writes its estimate.",
} as const;

/** A sliced job whose figures cannot be read; `grams` is set when only the time was missing. */
export class SlicerFiguresError extends BadRequest {
  constructor(
    message: string,
    readonly grams: number | null = null,
  ) {
    super(message);
  }
}

/** Cura writes metres of filament; these turn them into grams when its file does not name the diameter. */
export type FilamentDefaults = { density_g_cm3: number; diameter_mm: number };
const PLA_175: FilamentDefaults = { density_g_cm3: 1.24, diameter_mm: 1.75 };

/** Sliced 3MF plates hold whole G-code files; past this the file is refused before its memory is spent. */
const MAX_UNPACKED_GCODE_BYTES = 256 * 1024 * 1024;
/** The comments sit in the first and last lines: a slicer's header block, its closing summary and settings. */
const HEAD_BYTES = 256 * 1024;
const TAIL_BYTES = 1024 * 1024;

export function readSlicerFigures(
  bytes: Uint8Array,
  filename: string,
  filament: FilamentDefaults = PLA_175,
): { grams: number; minutes: number } {
  const name = filename.toLowerCase();
  if (name.endsWith(".3mf")) return sumPlates(unpackPlates(bytes), filament);
  if (!name.endsWith(".gcode") && !name.endsWith(".gco") && !name.endsWith(".g")) throw new SlicerFiguresError(SLICER_MESSAGES.notGcode);
  return readGcode(bytes, filament);
}

function unpackPlates(bytes: Uint8Array): Uint8Array[] {
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/^Metadata\/plate_\d+\.gcode$/i.test(file.name)) return false;
        unpacked += file.originalSize;
        if (unpacked > MAX_UNPACKED_GCODE_BYTES) throw new SlicerFiguresError(SLICER_MESSAGES.tooLarge);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof SlicerFiguresError) throw error;
    throw new SlicerFiguresError(SLICER_MESSAGES.notGcode);
  }
  const plates = Object.values(files);
  if (plates.length === 0) throw new SlicerFiguresError(SLICER_MESSAGES.noPlate);
  return plates;
}

/** A job sliced over several plates takes them all. */
function sumPlates(plates: Uint8Array[], filament: FilamentDefaults): { grams: number; minutes: number } {
  const figures = plates.map((plate) => readGcode(plate, filament));
  return { grams: figures.reduce((sum, f) => sum + f.grams, 0), minutes: figures.reduce((sum, f) => sum + f.minutes, 0) };
}

function readGcode(bytes: Uint8Array, filament: FilamentDefaults): { grams: number; minutes: number } {
  const decoder = new TextDecoder();
  const text =
    bytes.byteLength <= HEAD_BYTES + TAIL_BYTES
      ? decoder.decode(bytes)
      : `${decoder.decode(bytes.subarray(0, HEAD_BYTES))}\n${decoder.decode(bytes.subarray(bytes.byteLength - TAIL_BYTES))}`;
  if (text.includes("\0")) throw new SlicerFiguresError(SLICER_MESSAGES.notGcode);
  const grams = readGrams(text, filament);
  if (grams === null) throw new SlicerFiguresError(SLICER_MESSAGES.noGrams);
  const minutes = readMinutes(text);
  if (minutes === null) throw new SlicerFiguresError(SLICER_MESSAGES.noTime, grams);
  return { grams, minutes };
}

/** The first pattern that matches wins: each slicer's total before its per-extruder lists. */
function readGrams(text: string, filament: FilamentDefaults): number | null {
  // Bambu Studio and OrcaSlicer's header: "; total filament weight [g] : 3.69" (or a list per filament).
  const header = text.match(/^;\s*total filament weight \[g\]\s*:\s*([\d., ]+)$/m);
  if (header) return sumList(header[1] as string);
  // PrusaSlicer 2.4+ and OrcaSlicer's end: "; total filament used [g] = 3.69".
  const total = text.match(/^;\s*total filament used \[g\]\s*=\s*([\d.]+)/m);
  if (total) return positive(Number(total[1]));
  // PrusaSlicer's per-extruder line: "; filament used [g] = 3.69" or "= 1.20, 2.49".
  const used = text.match(/^;\s*filament used \[g\]\s*=\s*([\d., ]+)$/m);
  if (used) return sumList(used[1] as string);
  // Cura: ";Filament used: 1.23456m" (or "1.2m, 0.4m" for two extruders), metres of filament.
  const cura = text.match(/^;Filament used:\s*(.+)$/m);
  if (cura) {
    const metres = [...(cura[1] as string).matchAll(/([\d.]+)\s*m\b/g)].reduce((sum, [, value]) => sum + Number(value), 0);
    const diameter = Number(text.match(/material_diameter\s*=\s*([\d.]+)/)?.[1] ?? filament.diameter_mm);
    const cm3 = (metres * 1000 * Math.PI * (diameter / 2) ** 2) / 1000;
    return positive(cm3 * filament.density_g_cm3);
  }
  return null;
}

function readMinutes(text: string): number | null {
  // Bambu Studio and OrcaSlicer: "; model printing time: 21m 5s; total estimated time: 27m 30s" (the total counts heating).
  const bambu = text.match(/total estimated time:\s*([\dhmsd ]+)/);
  if (bambu) return durationMinutes(bambu[1] as string);
  // PrusaSlicer and OrcaSlicer's end: "; estimated printing time (normal mode) = 1h 2m 3s".
  const prusa = text.match(/^;\s*estimated printing time(?: \(normal mode\))?\s*=\s*([\dhmsd ]+)$/m);
  if (prusa) return durationMinutes(prusa[1] as string);
  // Cura: ";TIME:3723" seconds; Ultimaker's Griffin flavour: ";PRINT.TIME:3723".
  const cura = text.match(/^;(?:PRINT\.)?TIME:\s*(\d+(?:\.\d+)?)\s*$/m);
  if (cura) return positive(Number(cura[1]) / 60);
  return null;
}

/** "1d 2h 3m 4s", any part left out, in minutes. */
function durationMinutes(text: string): number | null {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)\s*([dhms])/g)];
  if (parts.length === 0) return null;
  const perUnit = { d: 1440, h: 60, m: 1, s: 1 / 60 } as const;
  return positive(parts.reduce((sum, [, value, unit]) => sum + Number(value) * perUnit[unit as keyof typeof perUnit], 0));
}

function sumList(list: string): number | null {
  return positive(
    list
      .split(",")
      .map((value) => Number(value.trim()))
      .reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0),
  );
}

/** A figure of zero (an empty plate) or one that is not a number tells nothing. */
function positive(value: number): number | null {
  return Number.isFinite(value) && value > 0 ? value : null;
}
