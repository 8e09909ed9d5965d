import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useSession } from "./session";

/** The password must be non-empty (docs/product.md#signing-in). */
const PASSWORD_REQUIRED = "Admin password required";

/** 'Admin login', a password, Enter submits, Sign in disabled while blank (docs/product.md#signing-in). */
export function LoginView() {
  const { message, signIn } = useSession();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [blankTried, setBlankTried] = useState(false);

  // A form whose only button is disabled ignores Enter, so a blank Enter is answered here.
  function enterOnBlank(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && password === "") {
      event.preventDefault();
      setBlankTried(true);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    await signIn(password);
    setBusy(false);
  }

  return (
    <section className="admin-login card" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Admin login</h1>
      <form className="form" onSubmit={submit}>
        {/* One shared password: this fixed user name lets password managers file it under this shop. */}
        <input type="text" name="username" autoComplete="username" value="admin" readOnly hidden />
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            // biome-ignore lint/a11y/noAutofocus: the sign-in page has one field and nothing else to do
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setBlankTried(false);
            }}
            onKeyDown={enterOnBlank}
          />
        </div>
        {(blankTried || message) && (
          <p className="form-error" role="alert">
            {blankTried ? PASSWORD_REQUIRED : message}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={password === "" || busy}>
          Sign in
        </button>
      </form>
    </section>
  );
}
