import { useEffect, useState, type SubmitEvent } from "react";
import { BASIC_EMAIL_PATTERN } from "#domain/catalogue/item-request.ts";
import { api, ApiError } from "../lib/api-client.ts";
import type { SessionAnswer } from "../stores/session.ts";
import { EmailField } from "./ui/text-field.tsx";

interface Props {
  productId: string;
  productName: string;
}

/**
 * "Email me when it's back" on an out-of-stock product (issue 36). The page is the same for everyone
 * (cached), so a signed-in shopper's address is filled in here, from their session. The server's
 * answer is the same whether or not the address already waited.
 */
export default function StockAlertForm({ productId, productName }: Props) {
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<SessionAnswer>("/api/auth/session")
      .then((answer) => {
        const own = answer.authenticated ? answer.user?.email : undefined;
        if (own) setEmail((typed) => typed || own);
      })
      .catch(() => undefined);
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!BASIC_EMAIL_PATTERN.test(address)) return setProblem("Please enter a valid email address");
    setProblem(null);
    setBusy(true);
    try {
      await api.post(`/api/products/${encodeURIComponent(productId)}/stock-alerts`, { email: address });
      setDone(true);
    } catch (error) {
      setProblem(error instanceof ApiError && (error.status === 400 || error.status === 429) ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p className="card p-4 text-sm" role="status">
        Thanks! We'll email {email.trim()} once when {productName} is back in stock.
      </p>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="card grid gap-3 p-4" aria-labelledby="stock-alert-heading">
      <h2 id="stock-alert-heading" className="text-base font-bold">
        Email me when it's back
      </h2>
      <p className="text-sm text-slate-300">One email when {productName} is back in stock, to the first ones who asked. Nothing else.</p>
      <EmailField
        id="stock-alert-email"
        value={email}
        onValueChange={setEmail}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? "stock-alert-problem" : undefined}
      />
      {problem && (
        <p id="stock-alert-problem" className="text-sm text-red-300" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary justify-self-start" aria-disabled={busy || undefined}>
        {busy ? "Sending..." : "Email me when it's back"}
      </button>
    </form>
  );
}
