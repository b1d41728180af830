import { useEffect, useState, type SubmitEvent } from "react";
import { DELIVERY_METHODS, type DeliveryMethod } from "#domain/catalogue/requirements.ts";
import { DELIVERY_METHOD_LABELS } from "#domain/fulfilment/delivery-steps.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { BusyButton } from "../../ui/busy-button.tsx";

/**
 * Paused delivery methods (GET/PUT /api/admin/settings/delivery-methods): while one is paused,
 * checkout refuses a cart that needs it (orders already paid go on as before).
 */
export default function DeliveryMethodsForm() {
  const [paused, setPaused] = useState<DeliveryMethod[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.get<{ paused: DeliveryMethod[] }>("/api/admin/settings/delivery-methods").then(
      (answer) => setPaused(answer.paused),
      () => setProblem("The paused delivery methods could not be loaded"),
    );
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await api.put<{ paused: DeliveryMethod[] }>("/api/admin/settings/delivery-methods", { paused });
      setPaused(saved.paused);
      showToast({
        title: "Delivery Methods Saved",
        description: saved.paused.length ? "Checkout refuses items of the paused methods." : "Every delivery method is on.",
      });
    } catch (error) {
      setProblem(errorMessage(error, "Failed to save. Please try again."));
    }
    setBusy(false);
  }

  const toggle = (method: DeliveryMethod, on: boolean) => setPaused((all) => (on ? [...all, method] : all.filter((m) => m !== method)));
  return (
    <form className="card space-y-4 p-5" aria-labelledby="delivery-methods-heading" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="delivery-methods-heading" className="text-lg font-semibold">
        Paused delivery methods
      </h3>
      <p className="text-sm text-slate-300">While a method is paused, checkout refuses items delivered that way. Paid orders are not affected.</p>
      <fieldset className="space-y-2">
        <legend className="sr-only">Pause</legend>
        {DELIVERY_METHODS.map((method) => (
          <label key={method} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={paused.includes(method)} onChange={(e) => toggle(method, e.target.checked)} />
            Pause {DELIVERY_METHOD_LABELS[method]}
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="text-sm text-rose-300" role="alert">
          {problem}
        </p>
      )}
      <BusyButton type="submit" className="btn-primary" busy={busy}>
        {busy ? "Saving..." : "Save delivery methods"}
      </BusyButton>
    </form>
  );
}
