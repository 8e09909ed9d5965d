import { type FormEvent, useState } from "react";
import { acceptedAttachments, MAX_ATTACHMENTS } from "../../shared/attachments";
import { SHOP } from "../../shared/shop-info";
import type { CustomRequestCreated } from "../../src/modules/custom-requests/model";
import { CaptchaField } from "./parts/CaptchaField";

export type CustomRequestFormProps = { compact?: boolean };

/** What a sent request was: its reference and what the form sent, kept for the confirmation after the form resets. */
type SentRequest = { id: string; name: string; email: string; details: string; files: string[] };

type SendState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent"; request: SentRequest }
  | { status: "error"; message: string };

const SENT = "Sent — we will get back to you shortly.";
const FAILED = "Failed to send. Please try again later.";
const UNREACHABLE = "Unable to reach the server. Please check your connection and try again.";

/**
 * The custom print request form (docs/product.md#request-form,
 * docs/product.md#captcha). Files that are not STL, OBJ, PDF or images are dropped
 * as they are picked; submit needs the fields, at most five files and a captcha
 * token.
 */
export function CustomRequestForm({ compact = false }: CustomRequestFormProps) {
  // Not useId: an island hydrates as its own root, so ids must come from props.
  const id = compact ? "contact-form" : "request-form";
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [details, setDetails] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A new round mounts a fresh captcha widget: a token is good for one send only.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [state, setState] = useState<SendState>({ status: "idle" });

  const filled = name.trim() !== "" && email.trim() !== "" && details.trim() !== "";
  const tooManyFiles = files.length > MAX_ATTACHMENTS;
  const canSend = filled && !tooManyFiles && captchaToken !== null && state.status !== "sending";

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend || !captchaToken) return;
    const body = new FormData();
    body.append("name", name.trim());
    body.append("email", email.trim());
    body.append("details", details.trim());
    for (const file of files) body.append("attachments", file);
    body.append("captchaToken", captchaToken);
    setState({ status: "sending" });
    setCaptchaToken(null); // single-use: a new one is needed for any further send
    setCaptchaRound((round) => round + 1);
    try {
      const response = await fetch("/api/custom-request", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as Partial<CustomRequestCreated> & { error?: string };
      if (!response.ok || answer.error || !answer.id) {
        setState({ status: "error", message: answer.error || FAILED });
        return;
      }
      // The file names as the shop kept them (the owner sees the same), else as picked.
      const sent: SentRequest = {
        id: answer.id,
        name: name.trim(),
        email: email.trim(),
        details: details.trim(),
        files: answer.attachments?.map((file) => file.filename) ?? files.map((file) => file.name),
      };
      setName("");
      setEmail("");
      setDetails("");
      setFiles([]);
      setFileInputKey((key) => key + 1);
      setState({ status: "sent", request: sent });
    } catch {
      setState({ status: "error", message: UNREACHABLE });
    }
  }

  return (
    <form className={`form custom-request-form ${compact ? "form--compact" : ""}`} onSubmit={send} noValidate>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-details`}>What would you like printed?</label>
        <textarea
          id={`${id}-details`}
          name="details"
          required
          rows={compact ? 4 : 6}
          value={details}
          onChange={(e) => setDetails(e.currentTarget.value)}
          placeholder="Size, colour, material, how many, and when you need it by."
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-files`}>Attachments (optional)</label>
        <input
          key={fileInputKey}
          id={`${id}-files`}
          name="attachments"
          type="file"
          multiple
          accept=".stl,.obj,.pdf,image/*,application/pdf"
          aria-describedby={`${id}-files-hint`}
          onChange={(e) => setFiles(acceptedAttachments(Array.from(e.currentTarget.files ?? [])))}
        />
        <p id={`${id}-files-hint`} className="hint">
          Up to {MAX_ATTACHMENTS} files, 5 MB each: STL, OBJ, PDF or images.
          {files.length > 0 && ` ${files.length} selected.`}
        </p>
        {tooManyFiles && (
          <p className="form-error" role="alert">
            Please choose at most {MAX_ATTACHMENTS} files.
          </p>
        )}
      </div>
      {filled && <CaptchaField key={captchaRound} onToken={setCaptchaToken} />}
      {state.status === "error" && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === "sent" && <SentConfirmation request={state.request} />}
      <button className="button button--primary" type="submit" disabled={!canSend}>
        {state.status === "sending" ? "Sending…" : "Send request"}
      </button>
    </form>
  );
}

/**
 * After sending: the sentence of docs/product.md#request-form, then the reference to quote, what was sent (the form
 * itself is reset), and the reply promise in the page's own words (SHOP.replyPromise, shared/shop-info.ts).
 */
function SentConfirmation({ request }: { request: SentRequest }) {
  return (
    <div className="form-success request-sent" role="status">
      <p className="request-sent__headline">{SENT}</p>
      <p>
        Your request reference is <strong className="request-sent__reference">{request.id}</strong>. {SHOP.replyPromise}
      </p>
      <dl className="request-sent__facts">
        <div>
          <dt>Name</dt>
          <dd>{request.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{request.email}</dd>
        </div>
        <div>
          <dt>What you asked for</dt>
          <dd className="request-sent__details">{request.details}</dd>
        </div>
        <div>
          <dt>Files</dt>
          <dd>
            {request.files.length === 0 ? (
              "None"
            ) : (
              <ul aria-label="Files sent">
                {request.files.map((file, index) => (
                  <li key={`${index}-${file}`}>{file}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
