import { useEffect, useState } from "react";
import { displayName } from "#domain/accounts/user.ts";
import type { AccountOverviewView } from "#read-models/accounts/account.views.ts";
import { api, ApiError, errorMessage } from "../lib/api-client.ts";
import AccountSettings from "./AccountSettings.tsx";
import Dashboard from "./Dashboard.tsx";
import AccountDataPanel from "./dashboard/AccountDataPanel.tsx";
import { LoginRequired } from "./dashboard/LoginRequired.tsx";
import RobloxAccountSettings from "./RobloxAccountSettings.tsx";

interface Props {
  /** Sign in with Roblox is configured: the Link button shows. */
  robloxSignIn: boolean;
  /** Back from Roblox (?linked=roblox, ?error=roblox_link_failed): what the link came to. */
  linkOutcome: "linked" | "failed" | null;
  /** DELIVERY_CONFIRM_HOURS: how long a delivered order asks "Did you get it?". */
  confirmHours: number;
}

type Loaded = { kind: "loading" } | { kind: "account"; account: AccountOverviewView } | { kind: "signed out" } | { kind: "failed"; message: string };

/**
 * A signed-in shopper's dashboard page. Its HTML is one shell for every shopper, kept by the page
 * cache: the greeting, orders, settings and balances are read from GET /api/auth/user
 * when the island runs (the wishlist from GET /api/wishlist, the points and referrals by their
 * tabs). Until then the greeting's place is held at its size and the page says it is loading.
 */
export default function DashboardPage({ robloxSignIn, linkOutcome, confirmHours }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  useEffect(() => {
    api.get<AccountOverviewView>("/api/auth/user").then(
      (account) => setLoaded({ kind: "account", account }),
      (error: unknown) =>
        setLoaded(
          error instanceof ApiError && error.status === 401
            ? { kind: "signed out" }
            : { kind: "failed", message: errorMessage(error, "Your dashboard could not be loaded. Please reload the page.") },
        ),
    );
  }, []);

  if (loaded.kind === "signed out") return <LoginRequired here={window.location.pathname + window.location.search} />;
  if (loaded.kind !== "account") {
    return (
      <>
        <div className="h-9 w-48 max-w-full animate-pulse rounded-lg bg-ink-800" aria-hidden="true" />
        <p className={`mt-2 ${loaded.kind === "failed" ? "text-red-300" : "text-slate-300"}`} role={loaded.kind === "failed" ? "alert" : "status"}>
          {loaded.kind === "failed" ? loaded.message : "Loading your dashboard..."}
        </p>
      </>
    );
  }
  const { account } = loaded;
  return (
    <>
      <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere]">Hi, {displayName(account)}</h1>
      <p className="mt-2 text-slate-300">Your orders, wishlist, points and referrals.</p>
      <div id="dashboard-root" className="mt-8">
        <Dashboard orders={account.orders} nextCursor={account.ordersNextCursor} serverNow={account.serverNow} confirmHours={confirmHours} />
      </div>
      <RobloxAccountSettings
        saved={account.robloxUsername}
        linked={account.robloxLinkedUserId === null ? null : { userId: account.robloxLinkedUserId }}
        robloxSignIn={robloxSignIn}
        linkOutcome={linkOutcome}
      />
      <AccountSettings email={account.email} firstName={account.firstName} emailVerified={account.emailVerified} />
      <AccountDataPanel storeCredit={account.storeCredit} points={account.points} />
    </>
  );
}

// Rendered on the server it is the loading state alone: its HTML is a function of its props.
DashboardPage.rendersFromPropsAlone = true;
