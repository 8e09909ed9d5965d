import { describe, expect, test } from "bun:test";
import type { PricingSettings } from "../../shared/instant-prices";
import { accuracyText, minutesText } from "../../web/admin/pricing/CalibrationCard";
import { formFromSettings, idFromName, refusedField, settingsFromForm } from "../../web/admin/pricing/pricing-form";
import { pricingFixture } from "../support/instant-prices";

// The owner's Pricing page as typed (docs/decisions/0043-pricing-page-and-model-purchase.md): what is sent,
// which field a refusal stands beside, and the calibration line.

/** The tests' pricing with one material and one printer, the form's simplest page. */
const fixture = pricingFixture();
const SETTINGS: PricingSettings = { ...fixture, materials: fixture.materials.slice(0, 1), printers: fixture.printers.slice(0, 1) };

describe("the rates form", () => {
  test("sends back exactly what it was given when nothing is changed (money in pounds, overhangs in per cent)", () => {
    const form = formFromSettings(SETTINGS);
    expect(form.materials[0]?.pricePerKg).toBe("22.00");
    expect(form.bands[0]?.over).toBe("10");
    expect(form.rules.maxOverhang).toBe("40");
    expect(settingsFromForm(form, true)).toEqual({ settings: SETTINGS, errors: null });
  });

  test("the switch's state is the one given, not the form's: the form never sends a switch it does not show", () => {
    const read = settingsFromForm(formFromSettings(SETTINGS), false);
    expect(read.settings?.rules.instant_on).toBe(false);
  });

  test("a blank or lettered figure is refused beside its field, never sent as 0", () => {
    const form = formFromSettings(SETTINGS);
    const typed = {
      ...form,
      materials: [{ ...form.materials[0]!, density: "" }],
      rules: { ...form.rules, setup: "abc" },
    };
    expect(settingsFromForm(typed, true)).toEqual({
      settings: null,
      errors: {
        "materials.0.density_g_cm3": "Enter the density in g/cm³ as a number.",
        "rules.setup_pence": "Enter the setup charge in pounds, for example 12.50.",
      },
    });
  });

  test("a new material's id is made from its name, once, unique and within the server's rule", () => {
    const form = formFromSettings(SETTINGS);
    const added = { ...form, materials: [...form.materials, { ...form.materials[0]!, key: "new", id: "", name: "PLA" }] };
    expect(settingsFromForm(added, true).settings?.materials.map((material) => material.id)).toEqual(["pla", "pla-2"]);
    expect(idFromName("Silk PLA+ (matte finish, extra long name)", new Set(), "material-1")).toMatch(/^[a-z0-9][a-z0-9-]{0,31}$/);
    expect(idFromName("££", new Set(), "material-3")).toBe("material-3");
  });
});

describe("the field a refusal stands beside", () => {
  const form = formFromSettings(SETTINGS);

  test("is the field the server names", () => {
    expect(refusedField("materials.0.density_g_cm3", form)).toBe("materials.0.density_g_cm3");
    expect(refusedField("printers.0.bed_mm.2", form)).toBe("printers.0.bed_mm.2");
    expect(refusedField("rules.support_bands.0.overhang_over", form)).toBe("rules.support_bands.0.overhang_over");
  });

  test("is the whole field for a part of it (one colour of the list), and the name for an id made from it", () => {
    expect(refusedField("materials.0.colours.1", form)).toBe("materials.0.colours");
    expect(refusedField("printers.0.id", form)).toBe("printers.0.name");
  });

  test("is none for a rule about a whole list or no field at all: the form's result says it", () => {
    expect(refusedField("rules.support_bands", form)).toBeNull();
    expect(refusedField("materials", form)).toBeNull();
    expect(refusedField(null, form)).toBeNull();
  });
});

describe("the calibration line", () => {
  test("before 10 jobs says that shoppers see ranges and how many jobs are in", () => {
    expect(accuracyText({ count: 0, median_error_pct: null, p90_error_pct: null })).toBe(
      "Shoppers see prices as ranges until 10 of your sliced jobs are here (0 jobs so far).",
    );
    expect(accuracyText({ count: 1, median_error_pct: null, p90_error_pct: null })).toBe(
      "Shoppers see prices as ranges until 10 of your sliced jobs are here (1 job so far).",
    );
    expect(accuracyText({ count: 9, median_error_pct: 4, p90_error_pct: 11 })).toContain("(9 jobs so far)");
  });

  test("from 10 jobs tells the 90th percentile rounded up, never flattering", () => {
    expect(accuracyText({ count: 14, median_error_pct: 4.2, p90_error_pct: 11.1 })).toBe(
      "Instant prices are within ±12 % nine times in ten, and within ±5 % half the time, measured on 14 of your jobs.",
    );
  });

  test("times read as hours and minutes", () => {
    expect(minutesText(40)).toBe("40 min");
    expect(minutesText(95.4)).toBe("1 h 35 min");
    expect(minutesText(600)).toBe("10 h 00 min");
  });
});
