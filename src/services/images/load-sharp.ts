import type sharpModule from "sharp";

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded the first time a picture is handled. libvips is about 15 MB
 * resident and tens of milliseconds to load, and a running shop may go days
 * without an upload: importing it at start-up cost every process that memory
 * and every cold start that time (docs/decisions/0008-performance.md). The one
 * way the shop reaches sharp.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
