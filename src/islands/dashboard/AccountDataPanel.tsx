import { useState, type SubmitEvent } from "react";
import ConfirmDialog from "../admin/ConfirmDialog.tsx";
import { apiRequest, errorMessage } from "#src/lib/api-client.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { forgetSession } from "#src/stores/session.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { PasswordField } from "../ui/password-field.tsx";

interface Props {
  /** Decimal string, e.g. "5.00". */
  storeCredit: string;
  points: number;
}

/**
 * "Your data" in the dashboard (issue 20): download everything the store keeps about the account
 * (a plain link: the server answers a JSON file as an attachment), and delete the account with its
 * password, after a warning that balances are forfeited and an "are you sure?" dialog.
 */
export default function AccountDataPanel({ storeCredit, points }: Props) {
  // Not useId: every Astro island starts React's ids afresh, so two islands on the dashboard would
  // share them (AccountSettings' title would label this section).
  const id = "account-data";
  const ready = useHydrated();
  const [password, setPassword] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasBalance = points > 0 || storeCredit !== "0.00";

  const ask = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setConfirming(true);
  };

  async function deleteForGood() {
    setBusy(true);
    try {
      await apiRequest("DELETE", "/api/account", { password });
      forgetSession();
      window.location.assign("/?account=deleted");
      return;
    } catch (failure) {
      setError(errorMessage(failure, "Something went wrong. Please try again."));
      setConfirming(false);
    }
    setBusy(false);
  }

  return (
    <section className="card mt-8 min-w-0 p-5 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Your data
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <h3 className="font-semibold">Download my data</h3>
          <p className="text-sm text-slate-300">
            One JSON file with your account, orders, messages, points and store credit history, review submissions, referrals, wishlist, cart and consent
            records.
          </p>
          <a href="/api/account/export" download className="btn-secondary inline-flex px-4 py-2">
            Download my data
          </a>
        </div>

        <form onSubmit={ask} className="min-w-0 space-y-3" aria-labelledby={`${id}-delete-title`}>
          <h3 id={`${id}-delete-title`} className="font-semibold text-red-200">
            Delete my account
          </h3>
          <p id={`${id}-warning`} className="text-sm text-slate-300">
            Your account, messages, wishlist, cart, referral code and sign-ins are removed for good. Orders stay in our books without your name or address.{" "}
            <strong className="text-amber-200">
              {hasBalance ? `Your ${points} points and $${storeCredit} store credit are forfeited.` : "Any points and store credit are forfeited."}
            </strong>
          </p>
          <PasswordField
            id={`${id}-password`}
            label="Password to confirm"
            purpose="current"
            aria-describedby={`${id}-warning`}
            value={password}
            onValueChange={setPassword}
          />
          <BusyButton type="submit" className="btn bg-red-600 px-4 py-2 text-white hover:bg-red-700" busy={busy} disabled={!ready}>
            Delete my account
          </BusyButton>
          {error && (
            <p role="alert" className="text-sm break-words text-red-300">
              {error}
            </p>
          )}
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete your account for good?"
        description={`This cannot be undone.${hasBalance ? ` Your ${points} points and $${storeCredit} store credit will be lost.` : ""} Download your data first if you want to keep a copy.`}
        confirmLabel={busy ? "Deleting..." : "Delete my account"}
        busy={busy}
        onConfirm={() => void deleteForGood()}
        onOpenChange={(open) => !busy && setConfirming(open)}
      />
    </section>
  );
}
