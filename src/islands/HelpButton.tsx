import { lazy, Suspense, useRef, useState } from "react";

// The dialog (and the Radix code behind it) loads on first use, not with every page: most visitors
// never open it, and its code would otherwise compete with the page while it becomes interactive.
const loadDialog = () => import("./faq/FaqDialog.tsx");
const FaqDialog = lazy(loadDialog);

/** The help button of the floating dock (see .floating-dock in global.css) that opens the FAQ dialog. */
export default function HelpButton() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="dock-button"
        aria-label="Help: frequently asked questions"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </svg>
        <span className="dock-label">Help</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <FaqDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              // Back to the button that opened it, as a dialog trigger would.
              if (!next) requestAnimationFrame(() => buttonRef.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
