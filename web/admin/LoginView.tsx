import { useState, type FormEvent } from "react";
import { useSession } from "./session";

/** Spec section 2: 'Admin login', a password, Enter submits, Sign in disabled while blank. */
export function LoginView() {
  const { message, signIn } = useSession();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

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
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={password === "" || busy}>
          Sign in
        </button>
      </form>
    </section>
  );
}
