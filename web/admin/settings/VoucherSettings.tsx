import { type FormEvent, useState } from "react";
import { saveConfig } from "../api";
import type { Configuration } from "../types";
import { useUnsavedChanges } from "../unsaved-changes";
import { useSave } from "../use-save";
import { NumberSetting, SettingForm } from "./NumberSetting";
import { VOUCHER_VALIDITY } from "./number-settings";
import { SettingsCard } from "./SettingsCard";

const WITH_CODES = "vouchers_with_discount_codes";

/**
 * The gift vouchers' card: how long one sold now is valid, and whether one order may take a discount code and a
 * voucher together (docs/decisions/0054-gift-vouchers.md); each with its own Save.
 */
export function VoucherSettings({ config }: { config: Configuration }) {
  return (
    <SettingsCard id="voucher-settings-title" title="Gift vouchers">
      <NumberSetting setting={VOUCHER_VALIDITY} config={config} />
      <VouchersWithCodes stored={config[WITH_CODES] === "no" ? "no" : "yes"} />
    </SettingsCard>
  );
}

function VouchersWithCodes({ stored }: { stored: "yes" | "no" }) {
  const [choice, setChoice] = useState(stored);
  const [current, setCurrent] = useState(stored);
  const saving = useSave();
  useUnsavedChanges(choice !== current);

  async function save(event: FormEvent) {
    event.preventDefault();
    await saving.save(async () => {
      await saveConfig(WITH_CODES, choice);
      setCurrent(choice);
      saving.result.succeed("Saved: discount codes and gift vouchers.");
    }, "Failed to save whether discount codes go with gift vouchers");
  }

  return (
    <SettingForm
      label="A discount code with a gift voucher"
      hint={`Whether one order may take both. Now ${current === "yes" ? "allowed" : "not allowed: the shopper is asked to remove one"}.`}
      saving={saving}
      onSubmit={save}
    >
      {(id) => (
        <select id={id} value={choice} onChange={(event) => setChoice(event.target.value === "no" ? "no" : "yes")}>
          <option value="yes">Allowed</option>
          <option value="no">Not allowed</option>
        </select>
      )}
    </SettingForm>
  );
}
