import { useState, type SubmitEvent } from "react";
import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api, fieldErrorsOf, errorMessage } from "../../lib/api-client.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextField } from "../ui/text-field.tsx";

/**
 * The private server a private-server order is delivered in: the product's link at payment, or the
 * one staff give here. The shopper sees it on their order; nobody else does.
 */
export function PrivateServerField({ order }: { order: Pick<OrderView, "id" | "items" | "privateServerUrl"> }) {
  const [url, setUrl] = useState(order.privateServerUrl ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!order.items.some((item) => item.deliveryMethod === "private_server")) return null;

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await api.put(`/api/admin/orders/${order.id}/private-server`, { url: url.trim() || null });
      setSaved(true);
    } catch (failure) {
      setError(fieldErrorsOf(failure, ["url"] as const).url ?? errorMessage(failure, "The link could not be saved. Please try again."));
    }
    setBusy(false);
  };

  return (
    <form className="mt-2 flex min-w-0 flex-wrap items-end gap-2" onSubmit={(event) => void save(event)}>
      <TextField
        id={`private-server-${order.id}`}
        className="min-w-0 flex-1 basis-64"
        label="Private server link (shown to the shopper only)"
        type="url"
        value={url}
        error={error}
        announceError
        onValueChange={(value) => {
          setUrl(value);
          setSaved(false);
        }}
      />
      <BusyButton type="submit" className="btn-secondary px-3 py-2 text-sm" busy={busy}>
        Save link
      </BusyButton>
      {saved ? (
        <p role="status" className="basis-full text-xs text-emerald-300">
          Saved: the shopper sees it on their order.
        </p>
      ) : null}
    </form>
  );
}
