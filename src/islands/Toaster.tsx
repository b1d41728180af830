import { useStore } from "@nanostores/react";
import { $toast, dismissToast } from "../stores/toast.ts";

/** The page's one toast area (bottom right); destructive toasts are announced as alerts. */
export default function Toaster() {
  const toast = useStore($toast);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4 sm:justify-end" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-2xl ${
            toast.variant === "destructive" ? "border-red-500/60 bg-red-950 text-red-50" : "border-ink-700 bg-ink-800 text-slate-50"
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className="mt-0.5 text-sm opacity-90">{toast.description}</p>}
          </div>
          <button type="button" onClick={dismissToast} className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100" aria-label="Dismiss notification">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
