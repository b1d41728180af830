import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import DialogCloseIcon from "./DialogCloseIcon.tsx";
import { dialogCloseClass, dialogContentClass, dialogOverlayClass } from "./dialog-styles.ts";
import FaqList from "./faq/FaqList.tsx";
import { useFaqSearch } from "./faq/use-faq-search.ts";

/** The floating round help button (bottom right) and its FAQ dialog; FAQs are fetched only while it is open. */
export default function HelpButton() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const state = useFaqSearch(query, open);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="fixed bottom-4 right-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-black/40 hover:bg-brand-700"
        aria-label="Help: frequently asked questions"
      >
        <svg aria-hidden="true" width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={`${dialogContentClass} flex max-h-[85vh] flex-col`}>
          <Dialog.Title className="pr-8 text-xl font-bold">Frequently Asked Questions</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-300">Quick answers about orders, delivery, payments and rewards.</Dialog.Description>
          <label htmlFor="help-faq-search" className="sr-only">
            Search FAQs
          </label>
          <input
            id="help-faq-search"
            type="search"
            placeholder="Search FAQs..."
            autoComplete="off"
            className="input mt-4"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <div className="mt-4 min-h-24 overflow-y-auto" aria-live="polite">
            <FaqList state={state} query={query} onClear={() => setQuery("")} />
          </div>
          <Dialog.Close className={dialogCloseClass} aria-label="Close">
            <DialogCloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
