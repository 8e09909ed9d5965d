import { type FormEvent, useState } from "react";
import { acceptedAttachments, MAX_ATTACHMENTS } from "../../shared/attachments";
import { CaptchaField } from "./parts/CaptchaField";

export type CustomRequestFormProps = { compact?: boolean };

type SendState = { status: "idle" } | { status: "sending" } | { status: "sent" } | { status: "error"; message: string };

const SENT = "Sent — we will get back to you shortly.";
const FAILED = "Failed to send. Please try again later.";
const UNREACHABLE = "Unable to reach the server. Please check your connection and try again.";

/**
 * The custom print request form of spec sections 2, 4, 5 and 8. Files that are
 * not STL, OBJ, PDF or images are dropped as they are picked; submit needs the
 * fields, at most five files and a captcha token.
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
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok || answer.error) {
        setState({ status: "error", message: answer.error || FAILED });
        return;
      }
      setName("");
      setEmail("");
      setDetails("");
      setFiles([]);
      setFileInputKey((key) => key + 1);
      setState({ status: "sent" });
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
      {state.status === "sent" && (
        <p className="form-success" role="status">
          {SENT}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={!canSend}>
        {state.status === "sending" ? "Sending…" : "Send request"}
      </button>
    </form>
  );
}
