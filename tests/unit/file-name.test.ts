import { describe, expect, test } from "bun:test";
import { safeFileName, withExtension } from "../../src/services/storage/file-name";

// The one file name rule (src/services/storage/file-name.ts): GPX routes,
// photos and custom request attachments are named by it when stored, and
// every download's Content-Disposition by it again.

describe("file names", () => {
  test("path parts, NUL, controls and '..' are removed", () => {
    expect(safeFileName("../../etc/pass\u0000wd..gpx", "route.gpx")).toBe("passwd.gpx");
    expect(safeFileName("C:\\Users\\ada\\ride\u202e.gpx", "route.gpx")).toBe("ride.gpx");
  });

  test("nothing left means the fallback", () => {
    expect(safeFileName("../..", "route.gpx")).toBe("route.gpx");
    expect(safeFileName("....", "attachment")).toBe("attachment");
  });

  test("long names are cut to 120 characters, keeping the extension", () => {
    const name = safeFileName(`${"a".repeat(300)}.gpx`, "route.gpx");
    expect(name).toHaveLength(120);
    expect(name.endsWith(".gpx")).toBe(true);
  });

  test("a leading dot is dropped, so no name is a hidden file", () => {
    expect(safeFileName(".bashrc.stl", "attachment")).toBe("bashrc.stl");
  });

  test("the rule keeps what it made: a safe name comes back unchanged", () => {
    for (const raw of ["../../etc/pass\u0000wd..gpx", "Böhmer Wald – Tag 2.gpx", `${"é".repeat(200)}.pdf`, "..\u202eevil..drawing.pdf"]) {
      const once = safeFileName(raw, "download");
      expect(safeFileName(once, "download")).toBe(once);
    }
  });

  test("a photo's name takes the extension of what is stored", () => {
    expect(withExtension("holiday.heic", "jpg")).toBe("holiday.jpg");
    expect(withExtension(".png", "jpg")).toBe("photo.jpg");
  });
});
