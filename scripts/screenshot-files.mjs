// Files the screenshot scripts upload (scripts/upload-screenshots.mjs and
// scripts/admin-upload-screenshots.mjs), so both show the same route.

/** A fell-walk horseshoe: out along one ridge, round the head of the valley, back along the other. */
export function horseshoeGpx() {
  const points = [];
  const n = 240;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const angle = Math.PI * (1.15 - 1.3 * t);
    const wobble = 0.0012 * Math.sin(t * 37) + 0.0007 * Math.cos(t * 83);
    const lat = 54.45 + 0.03 * Math.sin(angle) + wobble;
    const lon = -3.02 + 0.045 * Math.cos(angle) + wobble * 0.8;
    const ele = 120 + 640 * Math.sin(Math.PI * t) ** 1.4 + 60 * Math.sin(t * 19) * Math.sin(Math.PI * t);
    points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Strata screenshots" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="54.4782" lon="-3.0190"><name>Summit</name></wpt>
  <trk><name>Fairfield Horseshoe</name><trkseg>${points.join("")}</trkseg></trk>
</gpx>`;
  return { name: "fairfield-horseshoe.gpx", mimeType: "application/gpx+xml", buffer: Buffer.from(xml) };
}
