import { useEffect, useState } from "react";
import { api, UNAUTHORIZED_EVENT } from "../../lib/api-client.ts";
import { forgetAdminData } from "../../stores/admin-catalog.ts";
import AdminLogin from "./AdminLogin.tsx";
import AdminPanel from "./AdminPanel.tsx";

type View = "checking" | "login" | "panel";

/**
 * The /admin screen (admin-panel.md 2, 6): the login form for everyone but a signed-in
 * administrator. Nothing of the panel is in the server-rendered HTML: it appears only after
 * GET /api/auth/check (or a login) says this is an administrator, and every call it makes is
 * checked on the server again.
 */
export const SESSION_EXPIRED = "Your session has expired. Log in again to continue where you were.";

export default function AdminApp() {
  const [view, setView] = useState<View>("checking");
  const [notice, setNotice] = useState<string | null>(null);

  // Any call of the panel answered 401 means the session lapsed: back to the login form with a
  // message. The tab stays in the URL (?tab=), so signing in again opens the same tab.
  useEffect(() => {
    if (view !== "panel") return;
    const expired = () => {
      forgetAdminData();
      setNotice(SESSION_EXPIRED);
      setView("login");
    };
    window.addEventListener(UNAUTHORIZED_EVENT, expired);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, expired);
  }, [view]);

  useEffect(() => {
    api
      .get<{ authenticated: boolean; isAdmin: boolean }>("/api/auth/check")
      .then((session) => setView(session.authenticated && session.isAdmin ? "panel" : "login"))
      .catch(() => setView("login"));
  }, []);

  if (view === "checking") {
    return (
      <p className="py-24 text-center text-slate-300" role="status">
        Loading...
      </p>
    );
  }
  if (view === "login") {
    return (
      <AdminLogin
        notice={notice}
        onLoggedIn={() => {
          setNotice(null);
          setView("panel");
        }}
      />
    );
  }
  return (
    <AdminPanel
      onLoggedOut={() => {
        setNotice(null);
        setView("login");
        forgetAdminData();
      }}
    />
  );
}
