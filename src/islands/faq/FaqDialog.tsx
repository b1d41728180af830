import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import SiteDialog from "../SiteDialog.tsx";
import FaqSearch from "./FaqSearch.tsx";
import { useFaqSearch } from "./use-faq-search.ts";

/** The help button's dialog: searchable FAQs, fetched only while it is open. */
export default function FaqDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState("");
  const state = useFaqSearch(query, open);

  return (
    <SiteDialog open={open} onOpenChange={onOpenChange} className="flex max-h-[85vh] flex-col">
      <Dialog.Title className="pr-8 text-xl font-bold">Frequently Asked Questions</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-300">Quick answers about orders, delivery, payments and rewards.</Dialog.Description>
      <FaqSearch
        id="help-faq-search"
        query={query}
        onQueryChange={setQuery}
        state={state}
        inputClassName="input mt-4"
        resultsClassName="mt-4 min-h-24 overflow-y-auto"
      />
    </SiteDialog>
  );
}
