import { useState } from "react";
import { api } from "../lib/api-client.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { forgetSession } from "../stores/session.ts";

/** Ends the session, then goes to the home page (storefront.md section 7). */
export default function LogoutButton({ className = "btn-secondary" }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={className}
      disabled={busy || !hydrated}
      onClick={async () => {
        setBusy(true);
        try {
          await api.post("/api/auth/logout");
        } catch (error) {
          console.error("logout failed", error);
        }
        forgetSession({ authenticated: false, user: null });
        window.location.assign("/");
      }}
    >
      Logout
    </button>
  );
}
