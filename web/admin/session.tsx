import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { ApiError, apiCall, NetworkError, setUnauthorizedHandler } from "./api";

/**
 * The admin session of docs/product.md#signing-in: unknown (checking) until the projects
 * call answers; signed in after it succeeds or after a good login; signed out
 * on any 401, a bad login or Sign out. Each page keeps its own data in its own
 * state, so leaving the signed-in state unmounts them all and clears it.
 */
export type SessionStatus = "checking" | "signed-in" | "signed-out";

export const SESSION_EXPIRED = "Session expired. Please sign in again.";

type SessionValue = {
  status: SessionStatus;
  /** What the login form says: empty after the first check and after Sign out. */
  message: string;
  signIn: (password: string) => Promise<void>;
  signOut: () => Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>("checking");
  const [message, setMessage] = useState("");
  const statusRef = useRef<SessionStatus>("checking");
  statusRef.current = status;

  useEffect(() => {
    setUnauthorizedHandler(() => {
      // A late answer to a call made before Sign out must not claim the session expired.
      if (statusRef.current !== "signed-in") return;
      statusRef.current = "signed-out";
      setStatus("signed-out");
      setMessage(SESSION_EXPIRED);
    });
    let live = true;
    apiCall("/api/admin/projects", { handleUnauthorized: true })
      .then(() => live && setStatus("signed-in"))
      .catch((error: unknown) => {
        if (!live) return;
        setStatus("signed-out");
        // A 401 is simply "not signed in yet": the very first check says nothing.
        if (error instanceof ApiError && error.status === 401) setMessage("");
        else if (error instanceof ApiError) setMessage(error.serverError || "Auth failed or server error");
        else setMessage("Unable to reach server");
      });
    return () => {
      live = false;
      setUnauthorizedHandler(null);
    };
  }, []);

  const signIn = useCallback(async (password: string) => {
    try {
      await apiCall("/api/admin/login", { method: "POST", json: { password }, handleUnauthorized: true });
      setMessage("");
      setStatus("signed-in");
    } catch (error) {
      setStatus("signed-out");
      if (error instanceof NetworkError) setMessage("Unable to reach server");
      else if (error instanceof ApiError && error.status === 401) setMessage("Invalid admin password");
      else setMessage(error instanceof ApiError && error.serverError ? error.serverError : "Auth failed or server error");
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiCall("/api/admin/logout", { method: "POST", handleUnauthorized: true });
    } catch {
      // Signed out in this browser either way; the server's session ends on its own.
    }
    setMessage("");
    setStatus("signed-out");
  }, []);

  const value = useMemo(() => ({ status, message, signIn, signOut }), [status, message, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionProvider");
  return value;
}
