import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { UNAUTHORIZED_EVENT } from "#src/lib/api-client.ts";
import { $adminAccess, loadAdminAccess } from "#src/stores/admin-access.ts";
import TwoFactorSetup from "./TwoFactorSetup.tsx";
import { forgetAdminData } from "#src/stores/admin-catalogue.ts";
import AdminLogin from "./AdminLogin.tsx";
import AdminPanel from "./AdminPanel.tsx";

type View = "checking" | "login" | "panel";

/**
 * The /admin screen (admin-panel.md 2, 6): the login form for everyone but a signed-in
 * administrator. Nothing of the panel is in the server-rendered HTML: it appears only after
 * GET /api/auth/check (or a login) says this is a staff member, with the tabs their role allows, and every call it makes is
 * checked on the server again.
 */
export const SESSION_EXPIRED = "Your session has expired. Log in again to continue where you were.";

export default function AdminApp() {
  const [view, setView] = useState<View>("checking");
  const access = useStore($adminAccess);
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
    return (
      <AdminLogin
        notice={notice}
        onLoggedIn={() => {
          setNotice(null);
          void loadAdminAccess().then(
            (access) => setView(access ? "panel" : "login"),
            () => setView("login"),
          );
        }}
      />
    );
  }
  if (access?.twoFactorRequired && !access.twoFactorEnabled) {
    // STAFF_2FA=required (issue 20): the panel opens once a second factor is set up.
    return (
      <section className="card mx-auto my-12 w-full max-w-lg space-y-4 p-6" aria-labelledby="two-factor-required">
        <h1 id="two-factor-required" className="text-2xl font-bold">
          Set up two-factor sign-in
        </h1>
        <p className="text-sm text-slate-300">This shop asks every staff member for a second factor before the admin panel opens.</p>
        <TwoFactorSetup enabled={false} onChanged={() => void loadAdminAccess()} />
      </section>
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
