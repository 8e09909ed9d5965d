import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import type { CalibrationSummary, CalibrationView, PriceAnswer } from "../../shared/instant-prices";
import { cleanUploads } from "../../src/jobs/clean-uploads";
import { CALIBRATION_MESSAGES, MODEL_UPLOAD_MESSAGES } from "../../src/modules/instant-prices/model";
import { SLICER_MESSAGES } from "../../src/modules/instant-prices/slicer-gcode";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { cubeStl, priceOf, readyForModels, uploadModel } from "../support/instant-prices";
import { countRows, createTestShop } from "../support/test-app";
import { filesInUploads, uploadsDir } from "../support/uploads-folder";

// The owner's sliced jobs (POST/GET/DELETE /api/admin/pricing/calibration): a model and the G-code their slicer
// made for it, read, kept, and fitted; the accuracy reported is leave-one-out over all of them.

const ROUTE = "/api/admin/pricing/calibration";
/** Ten jobs in a row, each model read in a worker of its own: on a shared machine they may wait for the CPU. */
const SLOW_TEST_MS = 30_000;
let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  readyForModels(shop);
});
afterEach(() => shop.close());

/** The closing comments PrusaSlicer writes, with the figures given. */
function prusaGcode(grams: number, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return `G1 X10 Y10\nG1 X20 Y20\n; filament used [mm] = 1234.5\n; filament used [g] = ${grams.toFixed(2)}\n; estimated printing time (normal mode) = ${h}h ${m}m 0s\n`;
}

type SendJob = {
  model?: Uint8Array | string | null;
  modelName?: string;
  gcode?: string | null;
  gcodeName?: string;
  actualMinutes?: string;
};

function sendJob({
  model = cubeStl(),
  modelName = "cube.stl",
  gcode = prusaGcode(12, 45),
  gcodeName = "cube.gcode",
  actualMinutes,
}: SendJob = {}) {
  const form = new FormData();
  if (model !== null) form.append("model", new File([model as BlobPart], modelName));
  if (gcode !== null) form.append("gcode", new File([gcode], gcodeName));
  if (actualMinutes !== undefined) form.append("actual_minutes", actualMinutes);
  return shop.call<CalibrationSummary & { id: string; error?: string }>(ROUTE, { method: "POST", body: form });
}

function expectNothingStored() {
  expect(countRows(shop.db, "calibration_jobs")).toBe(0);
  expect(filesInUploads(shop)).toEqual([]);
}

describe("adding a sliced job", () => {
  test("a model and its PrusaSlicer G-code: 201 with the count and accuracy, both files kept", async () => {
    const { status, body } = await sendJob();
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^cal_/),
      count: 1,
      median_error_pct: expect.any(Number),
      p90_error_pct: expect.any(Number),
    });
    const row = shop.db
      .query<{ model_filename: string; model_stored_name: string; gcode_stored_name: string; grams: number; slicer_minutes: number }, []>(
        "SELECT model_filename, model_stored_name, gcode_stored_name, grams, slicer_minutes FROM calibration_jobs",
      )
      .get()!;
    expect(row).toMatchObject({ model_filename: "cube.stl", grams: 12, slicer_minutes: 45 });
    expect(row.model_stored_name).toMatch(/^u_[0-9a-f]{32}\.stl$/);
    expect(row.gcode_stored_name).toMatch(/^u_[0-9a-f]{32}\.gcode$/);
    expect(filesInUploads(shop)).toEqual([row.model_stored_name, row.gcode_stored_name].sort());
  });

  test("the real printing time the owner typed wins over the slicer's estimate", async () => {
    await sendJob({ actualMinutes: "52" });
    const { body } = await shop.call<CalibrationView>(ROUTE);
    expect(body.jobs[0]).toMatchObject({ grams: 12, minutes: 52 });
  });

  test("a G-code with grams but no time is taken when the owner typed the time", async () => {
    const { status } = await sendJob({ gcode: "; filament used [g] = 9.50\n", actualMinutes: "30" });
    expect(status).toBe(201);
    expect((await shop.call<CalibrationView>(ROUTE)).body.jobs[0]).toMatchObject({ grams: 9.5, minutes: 30 });
  });
});

describe("refused by name, nothing stored", () => {
  async function refused(job: SendJob, status: number, error: string) {
    const answer = await sendJob(job);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
    expectNothingStored();
  }
  test("no model", () => refused({ model: null }, 400, CALIBRATION_MESSAGES.modelMissing));
  test("no G-code", () => refused({ gcode: null }, 400, CALIBRATION_MESSAGES.gcodeMissing));
  test("a model that cannot be read", () =>
    refused({ model: "not a mesh at all", modelName: "part.stl" }, 400, MODEL_UPLOAD_MESSAGES.notModel));
  test("a G-code file that is a picture", () => refused({ gcode: "hello", gcodeName: "photo.png" }, 400, SLICER_MESSAGES.notGcode));
  test("a G-code that names no filament", () => refused({ gcode: "G1 X1 Y1\n" }, 400, SLICER_MESSAGES.noGrams));
  test("a G-code without a time and no real time typed", () =>
    refused({ gcode: "; filament used [g] = 9.50\n" }, 400, SLICER_MESSAGES.noTime));
  test("a real time that is not a number", () => refused({ actualMinutes: "an hour" }, 400, CALIBRATION_MESSAGES.actualMinutes));
  test("a real time of 0 minutes", () => refused({ actualMinutes: "0" }, 400, CALIBRATION_MESSAGES.actualMinutes));
  test("a real time in fractions of a minute", () => refused({ actualMinutes: "12.5" }, 400, CALIBRATION_MESSAGES.actualMinutes));

  test("without the owner's session", async () => {
    const anonymous = await createTestShop();
    try {
      const form = new FormData();
      form.append("model", new File([cubeStl()], "cube.stl"));
      form.append("gcode", new File([prusaGcode(12, 45)], "cube.gcode"));
      const { status } = await anonymous.json(ROUTE, { method: "POST", body: form, headers: { "Sec-Fetch-Site": "same-origin" } });
      expect(status).toBe(401);
      expect(countRows(anonymous.db, "calibration_jobs")).toBe(0);
    } finally {
      anonymous.close();
    }
  });
});

describe("the jobs and their accuracy", () => {
  test("the list shows each job's figures beside what the model predicts without it", async () => {
    await sendJob({ model: cubeStl(20), modelName: "small.stl", gcode: prusaGcode(11, 40) });
    await sendJob({ model: cubeStl(30), modelName: "large.stl", gcode: prusaGcode(33, 95) });
    const { status, body } = await shop.call<CalibrationView>(ROUTE);
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.jobs).toEqual([
      {
        id: expect.any(String),
        model_filename: "small.stl",
        grams: 11,
        minutes: 40,
        predicted_grams: expect.any(Number),
        predicted_minutes: expect.any(Number),
      },
      {
        id: expect.any(String),
        model_filename: "large.stl",
        grams: 33,
        minutes: 95,
        predicted_grams: expect.any(Number),
        predicted_minutes: expect.any(Number),
      },
    ]);
    // A larger cube is predicted to take more filament and time.
    expect(body.jobs[1]!.predicted_grams).toBeGreaterThan(body.jobs[0]!.predicted_grams);
    expect(body.jobs[1]!.predicted_minutes).toBeGreaterThan(body.jobs[0]!.predicted_minutes);
  });

  test(
    "from the tenth job the shopper's prices are calibrated single figures",
    async () => {
      const token = (await uploadModel(shop, cubeStl())).body.token;
      const ask = { token, material: "pla", colour: "Black", quantity: 1 };
      expect(((await priceOf(shop, ask)).body as PriceAnswer).calibrated).toBe(false);
      for (let side = 15; side < 65; side += 5) {
        const cm3 = (side / 10) ** 3;
        const answer = await sendJob({ model: cubeStl(side), gcode: prusaGcode(1.24 * (0.25 * cm3 + 1), 10 + 2.5 * cm3) });
        expect(answer.status).toBe(201);
      }
      expect(countRows(shop.db, "calibration_jobs")).toBe(10);
      expect(((await priceOf(shop, ask)).body as PriceAnswer).calibrated).toBe(true);
    },
    SLOW_TEST_MS,
  );

  test("deleting a job answers 204, removes it and both its files, and the accuracy is worked out again", async () => {
    const first = (await sendJob()).body.id;
    await sendJob({ model: cubeStl(30), gcode: prusaGcode(33, 95) });
    const response = await shop.request(`${ROUTE}/${first}`, {
      method: "DELETE",
      headers: { Cookie: shop.cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(204);
    const { body } = await shop.call<CalibrationView>(ROUTE);
    expect(body.count).toBe(1);
    expect(body.jobs.map((job) => job.id)).not.toContain(first);
    expect(filesInUploads(shop)).toHaveLength(2);
  });

  test("deleting a job that does not exist is 404 and removes nothing", async () => {
    await sendJob();
    const { status, body } = await shop.call<{ error: string }>(`${ROUTE}/cal_nope`, { method: "DELETE" });
    expect({ status, error: body.error }).toEqual({ status: 404, error: CALIBRATION_MESSAGES.notFound });
    expect(countRows(shop.db, "calibration_jobs")).toBe(1);
    expect(filesInUploads(shop)).toHaveLength(2);
  });

  test("the hourly clean-up keeps a sliced job's files, however old", async () => {
    await sendJob();
    const old = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    for (const name of filesInUploads(shop)) utimesSync(join(uploadsDir(shop), name), old, old);
    expect(await cleanUploads(shop.db, shop.deps.uploadStorage, 14, new Date())).toEqual({ expired: 0, orphans: 0 });
    expect(filesInUploads(shop)).toHaveLength(2);
  });
});
