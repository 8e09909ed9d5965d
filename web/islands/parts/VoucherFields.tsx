import { useEffect, useId, useState } from "react";
import {
  VOUCHER_MAX_PENCE,
  VOUCHER_MESSAGE_MAX,
  VOUCHER_MESSAGES,
  VOUCHER_MIN_PENCE,
  type VoucherChoice,
} from "../../../shared/gift-voucher";
import { poundsToPence } from "../../../shared/money";

/** What the shopper typed for a gift voucher, as typed. */
type VoucherForm = { pounds: string; recipientEmail: string; sendOn: string; message: string };
const EMPTY_VOUCHER_FORM: VoucherForm = { pounds: "", recipientEmail: "", sendOn: "", message: "" };

/** What the fields make: the voucher to add, or the first thing to put right. */
export type VoucherResult = { choice: VoucherChoice } | { problem: string };

/**
 * The voucher the form makes, or the first thing to put right, in the checkout's words (docs/decisions/0054-gift-vouchers.md).
 * `optionPence` is the chosen option's amount; null for a free amount, read from `pounds`.
 */
function voucherOf(form: VoucherForm, optionPence: number | null): VoucherResult {
  let amount = optionPence;
  if (amount === null) {
    const pounds = Number(form.pounds.trim());
    if (form.pounds.trim() === "" || !Number.isFinite(pounds)) return { problem: VOUCHER_MESSAGES.amountMissing };
    amount = poundsToPence(pounds);
    if (amount < VOUCHER_MIN_PENCE || amount > VOUCHER_MAX_PENCE) return { problem: VOUCHER_MESSAGES.amountRange };
  }
  const recipient = form.recipientEmail.trim();
  if (recipient !== "" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)) return { problem: VOUCHER_MESSAGES.recipientEmail };
  if (form.sendOn !== "" && recipient === "") return { problem: VOUCHER_MESSAGES.sendOnWithoutRecipient };
  const message = form.message.replace(/\r\n?/g, "\n").trim();
  if (message.length > VOUCHER_MESSAGE_MAX) return { problem: VOUCHER_MESSAGES.messageTooLong };
  return {
    choice: {
      amount_pence: amount,
      ...(recipient ? { recipient_email: recipient } : {}),
      ...(form.sendOn ? { send_on: form.sendOn } : {}),
      ...(message ? { message } : {}),
    },
  };
}

/**
 * A gift voucher's amount (when free), who it is for, the day to send it and the message; its own chunk, loaded on a
 * voucher's page only, so other product pages' first script stays within its budget (decision 0008).
 */
export function VoucherFields({
  optionPence,
  freeAmount,
  onResult,
}: {
  /** The chosen option's amount; null while none is chosen or for a free amount. */
  optionPence: number | null;
  /** No options: the shopper types the amount, £10 to £200. */
  freeAmount: boolean;
  onResult: (result: VoucherResult) => void;
}) {
  const id = useId();
  const [form, setForm] = useState(EMPTY_VOUCHER_FORM);
  const set = (field: keyof VoucherForm) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  useEffect(() => onResult(voucherOf(form, optionPence)), [form, optionPence, onResult]);
  return (
    <fieldset className="voucher-fields">
      <legend>Your gift voucher</legend>
      {freeAmount && (
        <p className="voucher-fields__row">
          <label htmlFor={`${id}-amount`}>Amount (£10 to £200)</label>
          <input id={`${id}-amount`} inputMode="decimal" autoComplete="off" value={form.pounds} onChange={set("pounds")} />
        </p>
      )}
      <p className="voucher-fields__row">
        <label htmlFor={`${id}-recipient`}>Their email (leave blank to have it sent to you)</label>
        <input id={`${id}-recipient`} type="email" autoComplete="off" value={form.recipientEmail} onChange={set("recipientEmail")} />
      </p>
      <p className="voucher-fields__row">
        <label htmlFor={`${id}-send-on`}>Send it on (leave blank to send it once paid)</label>
        <input id={`${id}-send-on`} type="date" value={form.sendOn} onChange={set("sendOn")} />
      </p>
      <p className="voucher-fields__row">
        <label htmlFor={`${id}-message`}>Message (optional)</label>
        <textarea id={`${id}-message`} rows={3} maxLength={VOUCHER_MESSAGE_MAX} value={form.message} onChange={set("message")} />
      </p>
    </fieldset>
  );
}
