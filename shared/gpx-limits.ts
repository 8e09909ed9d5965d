/**
 * What a GPX file may be, and the words for what it may not, for the two
 * places that read one: the shop's upload call (src/modules/uploads) and the
 * product page, which reads and draws the route before anything is sent
 * (docs/decisions/0028-route-trim-in-the-browser.md). One set of limits, so the
 * browser never draws a file the shop would refuse, nor refuses one it takes.
 */

export const GPX_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Points a GPX file may hold. A 10 MB recording with heights and times has
 * about 100,000 (a day and more at one a second); points written with nothing
 * else fit about 350,000 into 10 MB. The cap keeps the reader's memory small
 * whatever the file is.
 */
export const MAX_GPX_POINTS = 200_000;
/** How much of each end of a route the shopper may hide (the product page offers 0 to 1000 m in steps of 100). */
export const MAX_TRIM_M = 1000;

/** Every message about a GPX file's content or trim, word for word. */
export const GPX_MESSAGES = {
  gpxTooLarge: "GPX files can be at most 10 MB.",
  gpxDoctype: "GPX files with a DOCTYPE or entities are not accepted.",
  notGpx: "That file is not a GPX route. Export a .gpx file from your watch or app.",
  gpxOutOfRange: "The GPX file has coordinates out of range.",
  gpxEmpty: "The GPX file has no track, route or waypoints.",
  gpxTooManyPoints:
    "This GPX file has more than 200,000 points. Simplify the track in your app (or export a shorter part of it) and upload it again.",
  gpxTrimTooLong: "The route is shorter than the parts you asked to hide. Hide less of its start or end and try again.",
} as const;

/** A file (or trim) refused for what it is: the message is for the shopper. The shop answers it as a 400. */
export class GpxRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GpxRefusal";
  }
}
