import { type FormEvent, useId, useState } from "react";
import { saveConfig } from "../api";
import type { ConfigKey, Configuration } from "../types";
import { useUnsavedChanges } from "../unsaved-changes";
import { useSave } from "../use-save";
import { SettingsCard, SettingsSave } from "./SettingsCard";

type IdentityKey = Extract<
  ConfigKey,
  "shop_name" | "trader_name" | "trader_address" | "contact_email" | "vat_number" | "company_number" | "announcement"
>;

/** The fields in the order they are saved (and a refusal stops the rest), with what the owner reads. */
const FIELDS: { key: IdentityKey; label: string; hint?: string; lines?: number; type?: "email"; optional?: boolean }[] = [
  { key: "shop_name", label: "Shop name" },
  { key: "trader_name", label: "Trader name", hint: "Your own name, or your company's registered name." },
  {
    key: "trader_address",
    label: "Business address",
    hint: "Where the business can be found (not a PO Box), one part a line.",
    lines: 4,
  },
  { key: "contact_email", label: "Contact email", hint: "Shown to shoppers. Order notices still go to OWNER_EMAIL.", type: "email" },
  { key: "vat_number", label: "VAT number", hint: "Leave blank if you are not VAT-registered.", optional: true },
  { key: "company_number", label: "Company number", hint: "Leave blank if you trade as a sole trader.", optional: true },
  { key: "announcement", label: "Announcement", hint: "One line in a bar above every shop page; blank shows none.", optional: true },
];

type Values = Record<IdentityKey, string>;

function valuesOf(config: Configuration): Values {
  return Object.fromEntries(FIELDS.map(({ key }) => [key, config[key] ?? ""])) as Values;
}

/**
 * Who the shop is, as UK law asks a shop selling at a distance to say it
 * (docs/decisions/0021-shop-identity-in-configuration.md). One Save writes only the
 * entries that changed, one call each (docs/product.md#owner-calls); a refused
 * entry shows the server's message and stops the rest.
 */
export function ShopIdentitySettings({ config }: { config: Configuration }) {
  const [fields, setFields] = useState<Values>(() => valuesOf(config));
  const [saved, setSaved] = useState<Values>(() => valuesOf(config));
  const saving = useSave();
  useUnsavedChanges(FIELDS.some(({ key }) => fields[key] !== saved[key]));
  const { result } = saving;
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const changed = FIELDS.filter(({ key }) => fields[key] !== saved[key]);
    if (changed.length === 0) return result.succeed("Nothing to save: no detail has changed.");
    await saving.save(async () => {
      for (const { key } of changed) {
        const answer = (await saveConfig(key, fields[key])) as { value?: string } | null;
        // The server stores the clean form (trimmed, one part a line): show what is kept.
        const clean = answer?.value ?? fields[key];
        setSaved((current) => ({ ...current, [key]: clean }));
        setFields((current) => ({ ...current, [key]: clean }));
      }
      result.succeed("Shop details saved.");
    }, "Failed to save shop details");
  }

  return (
    <SettingsCard id="shop-identity-title" title="Shop details">
      <p className="hint">
        Shown in the footer, on the contact and policies pages and in every email. UK law asks a shop to say who runs it, where it can be
        found and how to reach it.
      </p>
      <form className="form" onSubmit={save} noValidate>
        {FIELDS.map(({ key, label, hint, lines, type, optional }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>
              {label}
              {optional && <span className="muted"> (optional)</span>}
            </label>
            {lines ? (
              <textarea
                id={`${id}-${key}`}
                rows={lines}
                value={fields[key]}
                onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))}
              />
            ) : (
              <input
                id={`${id}-${key}`}
                type={type ?? "text"}
                value={fields[key]}
                onChange={(event) => setFields((current) => ({ ...current, [key]: event.target.value }))}
              />
            )}
            {hint && <p className="hint">{hint}</p>}
          </div>
        ))}
        <SettingsSave saving={saving} label="Save shop details" />
      </form>
    </SettingsCard>
  );
}
