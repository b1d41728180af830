import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useReturnFocus } from "#src/lib/use-return-focus.ts";

interface Props {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/** "Are you sure?" before a delete: focus is trapped, Escape and Cancel close it, Cancel has focus first. */
export default function ConfirmDialog({ open, title, description, confirmLabel, busy = false, onConfirm, onOpenChange }: Props) {
  // Focus back on the Delete button that opened it (or the page, once its row is gone).
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          {...returnFocus}
          className="card fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 p-6 shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-300">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn bg-red-600 text-white hover:bg-red-700"
              // Busy, it keeps the focus (aria-disabled): a disabled button dropped it to <body>.
              aria-disabled={busy || undefined}
              onClick={(event) => {
                // Stay open until the call answers; the caller closes the dialog.
                event.preventDefault();
                if (!busy) onConfirm();
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
