import { type FormEvent, useState } from "react";
import type { PriceRequest } from "../../../shared/instant-prices";
import { CaptchaField } from "./CaptchaField";

const UNREACHABLE = "The shop could not be reached. Check your connection and try again.";
const FAILED = "Your request could not be sent. Please try again.";

type SendState = { status: "editing" } | { status: "sending" } | { status: "sent"; email: string } | { status: "error"; message: string };

/**
 * "Ask for a price": the model, its choices and the shop's measurements sent to the owner as a custom
 * request (POST /api/models/ask-for-price, with the request form's name, email and captcha). The owner's
 * quote editor opens with the estimate filled in; the shopper hears back by email.
 */
export function AskForPrice({ request, idBase }: { request: PriceRequest; idBase: string }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [note, setNote] = useState("");
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const [state, setState] = useState<SendState>({ status: "editing" });
  const filled = name.trim() !== "" && email.trim() !== "";
  const canSend = filled && captchaToken !== null && state.status !== "sending";

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend || !captchaToken) return;
    setState({ status: "sending" });
    setCaptchaToken(null); // single-use: a new one is needed for any further send
    setCaptchaRound((round) => round + 1);
    try {
      const response = await fetch("/api/models/ask-for-price", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...request, name: name.trim(), email: email.trim(), note: note.trim() || undefined, captchaToken }),
      });
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok) {
        setState({ status: "error", message: answer.error || FAILED });
        return;
      }
      setState({ status: "sent", email: email.trim() });
    } catch {
      setState({ status: "error", message: UNREACHABLE });
    }
  }

  if (state.status === "sent") {
    return (
      <p className="model-ask__sent banner banner--success" role="status">
        {`Sent. We'll price your model by hand within one working day and email ${state.email}.`}
      </p>
    );
  }
  return (
    <form className="form model-ask" onSubmit={send} noValidate aria-label="Ask for a price">
      <p className="hint">Your model, the choices above and our measurements go with your request.</p>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${idBase}-ask-name`}>Name</label>
          <input id={`${idBase}-ask-name`} autoComplete="name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${idBase}-ask-email`}>Email</label>
          <input
            id={`${idBase}-ask-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${idBase}-ask-note`}>Anything we should know? (optional)</label>
        <textarea
          id={`${idBase}-ask-note`}
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </div>
      {filled && <CaptchaField key={captchaRound} onToken={setCaptchaToken} />}
      {state.status === "error" && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={!canSend}>
        {state.status === "sending" ? "Sending…" : "Ask for a price"}
      </button>
    </form>
  );
}
