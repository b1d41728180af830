import { useStore } from "@nanostores/react";
import { useMemo, useState } from "react";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { useFetchedPage } from "#src/lib/use-fetched-page.ts";
import { api, ApiError } from "#src/lib/api-client.ts";
import { showToast } from "#src/stores/toast.ts";
import { createFetcherStore } from "#src/stores/admin-catalogue.ts";
import FilterSelect from "./FilterSelect.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { AdminSection } from "./AdminSection.tsx";

const MAIL_STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
] as const;

const PAGE_SIZE = 25;

interface MailEntry {
  id: string;
  recipient: string;
  subject: string;
  template: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
interface MailPage {
  messages: MailEntry[];
  total: number;
  transport: "smtp" | "file";
}
interface MailMessage extends MailEntry {
  html: string;
  text: string;
  /** Every link is cut to its path (issue 32): a reset or invitation link is its recipient's alone. */
  linksRedacted: boolean;
  /** Its link is a key: "Resend" sends the recipient a new one. */
  resendable: boolean;
}

const STATUS_STYLE: Record<MailEntry["status"], string> = {
  pending: "bg-amber-500/15 text-amber-200",
  sent: "bg-emerald-500/15 text-emerald-300",
  failed: "bg-red-500/15 text-red-300",
};

function MessageView({ id }: { id: string }) {
  const $message = useMemo(() => createFetcherStore<MailMessage>(`/api/admin/mail/${encodeURIComponent(id)}`), [id]);
  const message = useStore($message);
  const [html, setHtml] = useState(false);
  const [resending, setResending] = useState(false);
  async function resend() {
    setResending(true);
    try {
      const { message: said } = await api.post<{ message: string }>(`/api/admin/mail/${encodeURIComponent(id)}/resend`);
      showToast({ title: "Sent again", description: said });
    } catch (error) {
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "The email could not be sent again", variant: "destructive" });
    } finally {
      setResending(false);
    }
  }
  if (message.loading && !message.data) return <p className="mt-2 text-slate-300">Loading the message...</p>;
  if (!message.data)
    return (
      <p className="mt-2 text-red-300" role="alert">
        The message could not be loaded.
      </p>
    );
  return (
    <div className="mt-3 min-w-0">
      {message.data.resendable && (
        <div className="mb-2 flex flex-wrap items-center gap-2 rounded bg-ink-800 p-2 text-xs text-slate-300">
          <p className="min-w-0 flex-1">Its link is a key for {message.data.recipient} alone: it is shown without it. Resend sends them a new link.</p>
          <BusyButton type="button" className="btn-secondary px-3 py-1 text-xs" busy={resending} onClick={() => void resend()}>
            {resending ? "Sending..." : "Resend"}
          </BusyButton>
        </div>
      )}
      <div className="flex gap-2" role="group" aria-label="Show the message as">
        <button
          type="button"
          className={html ? "btn-secondary px-3 py-1 text-xs" : "btn-primary px-3 py-1 text-xs"}
          aria-pressed={!html}
          onClick={() => setHtml(false)}
        >
          Text
        </button>
        <button
          type="button"
          className={html ? "btn-primary px-3 py-1 text-xs" : "btn-secondary px-3 py-1 text-xs"}
          aria-pressed={html}
          onClick={() => setHtml(true)}
        >
          HTML
        </button>
      </div>
      {html ? (
        // No scripts, no same origin: the message's HTML is shown, never run. Its own URL gives it
        // its own Content-Security-Policy (the email's inline styles), not the panel's (issue 35).
        <iframe
          title={`Email: ${message.data.subject}`}
          sandbox=""
          src={`/api/admin/mail/${encodeURIComponent(id)}/preview`}
          className="mt-2 h-[28rem] w-full rounded border border-ink-700 bg-white"
        />
      ) : (
        <pre className="mt-2 max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded bg-ink-800 p-3 text-xs" aria-label="Message text">
          {message.data.text}
        </pre>
      )}
    </div>
  );
}

/**
 * The Mail view (issue 19): every email the store sent or will send, newest first, with its status,
 * attempts and last error, and the message itself. In the embedded default (no SMTP_URL) this is
 * where a newcomer sees exactly what customers would receive.
 */
export default function MailTab() {
  const [status, setStatus] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const mail = useFetchedPage<MailPage>("/api/admin/mail", { status: status || undefined }, PAGE_SIZE);
  const data = mail.data;

  return (
    <AdminSection
      id="mail"
      title="Mail"
      className="min-w-0"
      alignTools="end"
      tools={
        <>
          <FilterSelect
            label="Status"
            value={status}
            allLabel="All emails"
            options={MAIL_STATUSES}
            className="flex flex-col gap-1 text-sm"
            onChange={(value) => {
              setStatus(value);
              mail.setPage(1);
            }}
          />
        </>
      }
    >
      {data && (
        <p className="mt-2 text-sm text-slate-400">
          {data.transport === "file"
            ? "No mail server is configured (SMTP_URL): emails are kept as .eml files in the data folder's outbox and shown here."
            : "Emails go out through the mail server in SMTP_URL."}
        </p>
      )}
      <ListStatus list={{ rows: data?.messages, failed: mail.failed }} noun="emails" empty="No emails yet." />
      <ul className="mt-6 space-y-2" aria-label="Emails">
        {data?.messages.map((m) => (
          <li key={m.id} className="card min-w-0 p-3 text-sm">
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[m.status]}`}>{m.status}</span>
              <span className="min-w-0 max-w-full break-all text-slate-200">{m.recipient}</span>
              <span className="ml-auto text-xs text-slate-400">{formatDateTime(m.createdAt)}</span>
            </div>
            <p className="mt-1 break-words font-semibold">{m.subject}</p>
            {m.lastError && (
              <p className="mt-1 break-words text-xs text-red-300">
                Attempt {m.attempts}: {m.lastError}
              </p>
            )}
            <DisclosureButton className="btn-secondary mt-2 px-3 py-1 text-xs" open={open === m.id} onToggle={() => setOpen(open === m.id ? null : m.id)}>
              {open === m.id ? "Hide message" : "View message"}
            </DisclosureButton>
            {open === m.id && <MessageView id={m.id} />}
          </li>
        ))}
      </ul>
      {data && <Pager label="Mail pages" total={data.total} {...mail.pager} />}
    </AdminSection>
  );
}
