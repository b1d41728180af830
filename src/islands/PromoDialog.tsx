import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState, type SubmitEvent } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../lib/browser-storage.ts";
import { showToast } from "../stores/toast.ts";
import DialogCloseIcon from "./DialogCloseIcon.tsx";
import { dialogCloseClass, dialogContentClass, dialogOverlayClass } from "./dialog-styles.ts";

/** The spec: the promo opens 2000 ms after the page has loaded, for visitors who have not seen it. */
export const PROMO_DELAY_MS = 2000;
export const PROMO_PERCENT = 20;

/** Milliseconds from now until PROMO_DELAY_MS after the page's load event (the island may hydrate late). */
function delayAfterLoad(): number {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
  return Math.max(0, loadedAt + PROMO_DELAY_MS - performance.now());
}

/**
 * The first-visit promo: 20% off for an email. The email is not sent anywhere (the spec: no call),
 * only a success toast appears. Closing it in any way, or a successful submit, stores hasSeenPromo.
 */
export default function PromoDialog() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");

  useEffect(() => {
    if (readStorage(STORAGE_KEYS.hasSeenPromo)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        if (!readStorage(STORAGE_KEYS.hasSeenPromo)) setOpen(true);
      }, delayAfterLoad());
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", schedule);
    };
  }, []);

  function close() {
    writeStorage(STORAGE_KEYS.hasSeenPromo, "true");
    setOpen(false);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === "") {
      showToast({ title: "Email Required", description: "Please enter your email address to redeem the offer.", variant: "destructive" });
      return;
    }
    showToast({ title: "Success!", description: `Check your email for your exclusive ${PROMO_PERCENT}% off code!` });
    setEmail("");
    close();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={`${dialogContentClass} max-w-md text-center`}>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-300">Welcome offer</p>
          <Dialog.Title className="mt-2 text-2xl font-extrabold">Get {PROMO_PERCENT}% off your first order</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-300">
            Enter your email and we'll send you an exclusive {PROMO_PERCENT}% off code.
          </Dialog.Description>
          <form className="mt-5 flex flex-col gap-3" onSubmit={onSubmit}>
            <label htmlFor="promo-email" className="sr-only">
              Email address
            </label>
            <input
              id="promo-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              className="input py-3"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button type="submit" className="btn-primary py-3">
              Claim my {PROMO_PERCENT}% off
            </button>
          </form>
          <Dialog.Close className={dialogCloseClass} aria-label="Close">
            <DialogCloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
