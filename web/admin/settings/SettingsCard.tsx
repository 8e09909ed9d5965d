import type { ReactNode } from "react";
import { ResultNotice } from "../parts";
import type { Saving } from "../use-save";

/** One card of the Configuration page, named by its heading. */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card admin-section admin-config__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The foot of a card's form that saves several entries at once: its result, then its Save ("Saving…" while busy). */
export function SettingsSave({ saving, label }: { saving: Saving; label: string }) {
  return (
    <>
      <ResultNotice state={saving.result} />
      <div>
        <button type="submit" className="button button--primary" disabled={saving.busy}>
          {saving.busy ? "Saving…" : label}
        </button>
      </div>
    </>
  );
}
