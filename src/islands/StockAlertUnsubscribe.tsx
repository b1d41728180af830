import { useState } from "react";
import { api, ApiError } from "../lib/api-client.ts";

/** The unsubscribe page's one button: ends the alert of the email's token (issue 36). */
export default function StockAlertUnsubscribe({ token }: { token: string }) {
  const [state, setState] = useState<"ready" | "busy" | "done" | "invalid">(token ? "ready" : "invalid");

  async function unsubscribe() {
    if (state === "busy") return;
    setState("busy");
    try {
      await api.post("/api/stock-alerts/unsubscribe", { token });
      setState("done");
    } catch (error) {
      setState(error instanceof ApiError && error.status < 500 ? "invalid" : "ready");
    }
  }

  if (state === "done") {
    return (
      <p className="mt-2 text-sm text-slate-300" role="status">
        Done: you are unsubscribed from this back-in-stock email. We will not email you about this product again.
      </p>
    );
  }
  if (state === "invalid") {
    return (
      <p className="mt-2 text-sm text-slate-300" role="alert">
        This unsubscribe link is not valid. Open the link from the email again.
      </p>
    );
  }
  return (
    <>
      <p className="mt-2 text-sm text-slate-300">Stop the back-in-stock email about this product to your address.</p>
      <button type="button" className="btn-primary mt-6" aria-disabled={state === "busy" || undefined} onClick={() => void unsubscribe()}>
        {state === "busy" ? "Unsubscribing..." : "Unsubscribe"}
      </button>
    </>
  );
}
