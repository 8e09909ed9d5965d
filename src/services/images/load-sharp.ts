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
  loading ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per picture and no cache of decoded pictures: a
    // picture's pixels are freed as soon as it is done, so memory stays
    // bounded by the one picture in the heavy-work slot (src/http/heavy-work.ts).
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
