import { useEffect, useState, type FormEvent } from "react";
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookFormat } from "#domain/webhooks/webhook.ts";
import type { CreatedWebhookView, WebhookView } from "#read-models/webhooks/webhooks.views.ts";
import { api } from "#src/lib/api-client.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { useFieldErrors } from "#src/lib/use-field-errors.ts";
import { BusyButton } from "../../ui/busy-button.tsx";
import { TextField } from "../../ui/text-field.tsx";
import WebhookDeliveries from "./WebhookDeliveries.tsx";

const EVENT_LABELS: Record<WebhookEvent, string> = {
  "order.paid": "New paid order",
  "order.held": "Paid order put on hold",
  "order.delivered": "Order delivered",
  "order.refunded": "Order refunded",
  "order.late": "Order late",
  "conversation.opened": "New support conversation",
};

/**
 * Outgoing webhooks (issue 38), the owner's part of the Settings tab: add an endpoint (its secret
 * shown once), see each one's deliveries, resume a paused one, remove one. docs/webhooks.md says
 * what a receiver gets and how it verifies the signature.
 */
export default function WebhooksSection() {
  const [webhooks, setWebhooks] = useState<WebhookView[] | null>(null);
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookFormat>("json");
  const [events, setEvents] = useState<WebhookEvent[]>(["order.paid"]);
  const [secret, setSecret] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  // A refused URL (not https, a private address) or secret is said under its field.
  const server = useFieldErrors(["url", "secret"] as const, (name) => `webhook-${name}`);

  const reload = () =>
    api.get<{ webhooks: WebhookView[] }>("/api/admin/webhooks").then(
      (r) => setWebhooks(r.webhooks),
      (e) => toastError(e, "Webhooks could not be loaded"),
    );
  useEffect(() => void reload(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    server.clear();
    try {
      const created = await api.post<CreatedWebhookView>("/api/admin/webhooks", { url, format, events, secret: secret || undefined });
      setShown(created.secret);
      setUrl("");
      setSecret("");
      showToast({ title: "Webhook Added", description: "Copy its secret now: it is not shown again." });
      await reload();
    } catch (error) {
      if (!server.take(error)) toastError(error, "The webhook could not be added");
    } finally {
      setBusy(false);
    }
  }

  async function act(webhook: WebhookView, action: "resume" | "remove") {
    try {
      if (action === "resume") await api.patch(`/api/admin/webhooks/${encodeURIComponent(webhook.id)}`, { status: "active" });
      else await api.delete(`/api/admin/webhooks/${encodeURIComponent(webhook.id)}`);
      showToast({ title: action === "resume" ? "Webhook Resumed" : "Webhook Removed", description: webhook.url });
      await reload();
    } catch (error) {
      toastError(error, "The webhook could not be changed");
    }
  }

  const toggle = (name: WebhookEvent, on: boolean) => setEvents((now) => (on ? [...now, name] : now.filter((e) => e !== name)));

  return (
    <section className="card space-y-4 p-5" aria-labelledby="webhooks-heading">
      <div>
        <h3 id="webhooks-heading" className="text-lg font-semibold">
          Webhooks
        </h3>
        <p className="mt-1 text-sm text-slate-300">
          Send the shop's events to your own server or a Discord channel. Deliveries are signed with the webhook's secret and retried; a webhook that keeps
          failing is paused and you are emailed. Shoppers' email addresses, passwords and payment details are never sent.
        </p>
      </div>
      <form className="space-y-3" aria-label="Add a webhook" onSubmit={(e) => void submit(e)}>
        <TextField
          id="webhook-url"
          label="URL (https)"
          type="url"
          required
          maxLength={500}
          value={url}
          onValueChange={server.typed("url", setUrl)}
          error={server.errors.url}
          placeholder="https://"
        />
        <label className="block text-sm">
          <span className="font-semibold">Format</span>
          <select className="input mt-1 w-full" value={format} onChange={(e) => setFormat(e.target.value as WebhookFormat)}>
            <option value="json">Signed JSON (your server)</option>
            <option value="discord">Discord message (a Discord webhook URL)</option>
          </select>
        </label>
        <fieldset className="text-sm" aria-describedby="webhook-events-help">
          <legend className="font-semibold">Events</legend>
          <p id="webhook-events-help" className="mt-1 text-slate-300">
            A new paid order is sent once it may be delivered: an order held for review only when it is approved, a rejected one never. Deliver from that event
            alone.
          </p>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="flex items-center gap-2">
                <input type="checkbox" checked={events.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
                {EVENT_LABELS[name]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          id="webhook-secret"
          label="Secret (optional: empty makes one)"
          minLength={24}
          maxLength={200}
          value={secret}
          onValueChange={server.typed("secret", setSecret)}
          error={server.errors.secret}
          autoComplete="off"
        />
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          Add Webhook
        </BusyButton>
      </form>
      {shown && (
        <div role="status" className="rounded border border-amber-400 p-3 text-sm">
          <p className="font-semibold">The webhook's secret (shown this once):</p>
          <code className="mt-1 block break-all font-mono">{shown}</code>
          <button type="button" className="btn-secondary mt-2" onClick={() => setShown(null)}>
            I Have Copied It
          </button>
        </div>
      )}
      {webhooks && webhooks.length === 0 && <p className="text-sm text-slate-300">No webhooks yet.</p>}
      <ul className="space-y-3" aria-label="Webhooks">
        {webhooks?.map((w) => (
          <li key={w.id} className="rounded border border-ink-700 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="break-all font-mono">{w.url}</span>
              <span>{w.format === "discord" ? "Discord" : "JSON"}</span>
              <span className={w.status === "paused" ? "font-semibold text-amber-200" : "text-emerald-300"}>{w.status === "paused" ? "Paused" : "Active"}</span>
            </div>
            <p className="mt-1 text-slate-300">{w.events.map((e) => EVENT_LABELS[e]).join(", ")}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>
                Deliveries
              </button>
              {w.status === "paused" && (
                <button type="button" className="btn-secondary" onClick={() => void act(w, "resume")}>
                  Resume
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={() => void act(w, "remove")}>
                Remove
              </button>
            </div>
            {open === w.id && (
              <div className="mt-3">
                <WebhookDeliveries webhookId={w.id} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
