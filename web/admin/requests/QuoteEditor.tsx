import { type FormEvent, useId, useState } from "react";
import { MAX_QUOTE_LINE_QUANTITY } from "../../../shared/quote-view";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { CopyText } from "../CopyReference";
import { fieldBinder, MoneyField, WholeNumberField } from "../fields";
import { Notice } from "../parts";
import type { CustomRequest, QuoteDraft } from "../types";
import { QuotePreview } from "./QuotePreview";
import { blankLine, emptyQuoteForm, type QuoteForm, type QuoteFormLine, quoteBody, quoteFormFromDraft } from "./quote-form";

type Sent = { id: string; url: string };

/**
 * The owner writes a quote for a request and sends it
 * (docs/decisions/0014-quotes.md). The server judges the figures; a refusal
 * shows its words beside the form, which keeps everything typed. Once sent, the
 * shopper's link is shown this one time.
 */
export function QuoteEditor({
  request,
  draft = null,
  emailConfigured,
  onSent,
}: {
  request: Pick<CustomRequest, "id" | "name" | "email">;
  /** The estimate's lines a model's request came with: the editor opens with them filled in. */
  draft?: QuoteDraft | null;
  emailConfigured: boolean | null;
  onSent: () => void;
}) {
  const [form, setForm] = useState<QuoteForm>(() => (draft ? quoteFormFromDraft(draft) : emptyQuoteForm()));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [sent, setSent] = useState<Sent | null>(null);
  const idBase = useId();
  const field = (name: string) => `${idBase}-${name}`;
  const bind = fieldBinder(idBase, form, setForm);
  const set = <K extends keyof QuoteForm>(key: K, value: QuoteForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const setLine = (key: number, change: Partial<QuoteFormLine>) =>
    set(
      "lines",
      form.lines.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError("");
    try {
      const created = await apiCall<Sent>(`/api/admin/custom-requests/${enc(request.id)}/quotes`, {
        method: "POST",
        json: quoteBody(form),
      });
      setSent(created);
      setForm(emptyQuoteForm());
      onSent();
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, "Sending the quote failed", "Sending the quote failed: network error"));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="admin-quote-sent">
        <h3>Quote sent</h3>
        <div className="field">
          <label htmlFor={field("link")}>The shopper's link</label>
          <input id={field("link")} className="admin-mono" value={sent.url} readOnly onFocus={(event) => event.target.select()} />
        </div>
        <CopyText
          text={sent.url}
          button="Copy link"
          copied="Link copied"
          failed="Unable to copy the link: select it and copy it yourself"
        />
        <p>Copy the link now if you need it: it cannot be shown again, because the shop keeps only a fingerprint of it.</p>
        <p>
          {emailConfigured === false
            ? `Email is not set up, so the quote email to ${request.email} waits in the outbox: send them the link yourself.`
            : `The quote email to ${request.email} has been queued.`}
        </p>
        <div className="admin-editor__footer">
          <button type="button" className="button button--ghost" onClick={() => setSent(null)}>
            Write a new version
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="admin-columns admin-quote">
      <form className="admin-editor__form admin-quote__form" onSubmit={send} aria-label={`Quote for ${request.name}`} noValidate>
        <fieldset className="admin-quote__lines">
          <legend>Lines</legend>
          {form.lines.map((line, index) => (
            <fieldset key={line.key} className="admin-quote__line">
              <legend className="visually-hidden">Line {index + 1}</legend>
              <div className="field">
                <label htmlFor={field(`description-${line.key}`)}>Description</label>
                <input
                  id={field(`description-${line.key}`)}
                  value={line.description}
                  maxLength={200}
                  onChange={(event) => setLine(line.key, { description: event.target.value })}
                />
              </div>
              <WholeNumberField
                id={field(`quantity-${line.key}`)}
                label="Quantity"
                min="1"
                max={MAX_QUOTE_LINE_QUANTITY}
                value={line.quantity}
                onChange={(quantity) => setLine(line.key, { quantity })}
              />
              <MoneyField
                id={field(`amount-${line.key}`)}
                label="Price each (£)"
                placeholder="45.00"
                value={line.amount}
                onChange={(amount) => setLine(line.key, { amount })}
              />
              <button
                type="button"
                className="button button--ghost admin-button--small admin-button--danger admin-quote__remove"
                aria-label={`Remove line ${index + 1}`}
                disabled={form.lines.length === 1}
                onClick={() =>
                  set(
                    "lines",
                    form.lines.filter((other) => other.key !== line.key),
                  )
                }
              >
                Remove
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            className="button button--ghost admin-quote__add"
            onClick={() => set("lines", [...form.lines, blankLine()])}
          >
            Add line
          </button>
        </fieldset>

        <div className="admin-grid admin-quote__terms">
          <MoneyField
            label="Delivery (£)"
            placeholder="Shop's rule"
            hint="Leave blank to use the shop's delivery rule; 0 means free delivery."
            {...bind("delivery")}
          />
          <WholeNumberField label="Lead time (working days)" {...bind("leadTime")} />
          <div className="field">
            <label htmlFor={field("valid-until")}>Valid until</label>
            <input
              id={field("valid-until")}
              type="date"
              value={form.validUntil}
              onChange={(event) => set("validUntil", event.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={field("message")}>Note to the shopper (optional)</label>
          <textarea
            id={field("message")}
            rows={3}
            maxLength={2000}
            value={form.message}
            onChange={(event) => set("message", event.target.value)}
          />
        </div>
        <Notice tone="error">{error}</Notice>
        <div className="admin-editor__footer">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Sending…" : "Send quote"}
          </button>
        </div>
      </form>
      <QuotePreview form={form} />
    </div>
  );
}
