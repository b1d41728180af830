import { useEffect, useState } from "react";
import { api } from "../../lib/api-client.ts";
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
export default function AdminApp() {
  const [view, setView] = useState<View>("checking");

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
  if (view === "login") return <AdminLogin onLoggedIn={() => setView("panel")} />;
  return (
    <AdminPanel
      onLoggedOut={() => {
        setView("login");
        forgetAdminData();
      }}
    />
  );
}
