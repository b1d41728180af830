import { useEffect, useState } from "react";
import { loadAdminAccess } from "../../stores/admin-access.ts";
import { forgetAdminData } from "../../stores/admin-catalog.ts";
import AdminLogin from "./AdminLogin.tsx";
import AdminPanel from "./AdminPanel.tsx";

type View = "checking" | "login" | "panel";

/**
 * The /admin screen (admin-panel.md 2, 6): the login form for everyone but a signed-in
 * administrator. Nothing of the panel is in the server-rendered HTML: it appears only after
 * GET /api/auth/check (or a login) says this is a staff member, with the tabs their role allows, and every call it makes is
 * checked on the server again.
 */
export default function AdminApp() {
  const [view, setView] = useState<View>("checking");

  useEffect(() => {
    loadAdminAccess()
      .then((access) => setView(access ? "panel" : "login"))
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
    // The role decides the tabs: read it before the panel opens.
    return <AdminLogin onLoggedIn={() => void loadAdminAccess().then((access) => setView(access ? "panel" : "login"), () => setView("login"))} />;
  }
  return (
    <AdminPanel
      onLoggedOut={() => {
        setView("login");
        forgetAdminData();
      }}
    />
  );
}
