import * as Dialog from "@radix-ui/react-dialog";
import type { ComponentPropsWithoutRef, ReactNode } from "react";

// No backdrop blur: it is costly to paint on phones and in software rendering, for little gain.
const overlayClass = "fixed inset-0 z-50 bg-black/75";
const contentClass = "card fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 p-6 shadow-2xl focus:outline-none";

/**
 * The storefront's modal dialog (Radix, the site's look): a dimmed page behind, the card in the
 * middle and a × "Close" button in its corner. `children` start with a `Dialog.Title` (the dialog's
 * name); `contentProps` take `useReturnFocus()` where no `Dialog.Trigger` opened it.
 */
export default function SiteDialog({
  open,
  onOpenChange,
  className,
  contentProps,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Classes added to the card (a width, a layout). */
  className: string;
  contentProps?: Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, "className" | "children">;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content {...contentProps} className={`${contentClass} ${className}`}>
          {children}
          <Dialog.Close className="absolute right-3 top-3 rounded-md p-1.5 text-slate-300 hover:bg-ink-800 hover:text-white" aria-label="Close">
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
