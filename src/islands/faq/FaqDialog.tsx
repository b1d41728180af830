import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import DialogCloseIcon from "../DialogCloseIcon.tsx";
import { dialogCloseClass, dialogContentClass, dialogOverlayClass } from "../dialog-styles.ts";
import FaqList from "./FaqList.tsx";
import { useFaqSearch } from "./use-faq-search.ts";

/** The help button's dialog: searchable FAQs, fetched only while it is open. */
export default function FaqDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState("");
  const state = useFaqSearch(query, open);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
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
