import { useEffect, useRef, type ReactNode, type SubmitEvent } from "react";
import { BusyButton } from "../ui/busy-button.tsx";
import { TextAreaField } from "../ui/text-field.tsx";

/**
 * The card an add/edit form opens in under its list (a game, a product): its heading names what is
 * edited and takes the focus when the form opens, scrolled into view, so a keyboard or screen
 * reader user lands in the form they opened.
 */
export function EditorForm({
  headingId,
  title,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: "nearest" });
    headingRef.current?.focus();
  }, []);
  return (
    <form className="card mt-6 space-y-4 p-4 sm:p-6" onSubmit={onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold focus-visible:outline-none">
        {title}
      </h3>
      {children}
    </form>
  );
}

/**
 * Save and Cancel under an admin form, both held while the save is under way, then why Save is
 * disabled (`problem`, announced) or a hint (`children`).
 */
export function EditorActions({
  submit,
  busy,
  disabled,
  onCancel,
  problem,
  className = "flex flex-wrap items-center gap-2",
  children,
}: {
  /** The submit button's text as it stands ("Saving..." while busy, where the form says so). */
  submit: ReactNode;
  busy: boolean;
  disabled: boolean;
  onCancel: () => void;
  problem?: string | null;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <BusyButton type="submit" className="btn-primary" busy={busy} disabled={disabled}>
        {submit}
      </BusyButton>
      <BusyButton type="button" className="btn-secondary" onClick={onCancel} busy={busy}>
        Cancel
      </BusyButton>
      {problem && (
        <p className="text-sm text-amber-300" role="status">
          {problem}
        </p>
      )}
      {children}
    </div>
  );
}

/** The optional description of what the form edits (a game, a product), across the form's width. */
export function DescriptionField(props: { id: string; maxLength: number; value: string; onValueChange: (value: string) => void; error?: string | undefined }) {
  return <TextAreaField label="Description (optional)" className="sm:col-span-2" rows={3} {...props} />;
}
