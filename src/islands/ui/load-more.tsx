import { BusyButton } from "./busy-button.tsx";

export type LoadMoreState = "idle" | "loading" | "failed";

/**
 * "Show more ..." under a list read a page at a time (a shopper's orders, their points history):
 * held (aria-disabled, so it keeps the keyboard's focus) until the island hydrated and while a page
 * loads, with an alert under it when the page could not be read.
 */
export function LoadMore({
  state,
  ready,
  onMore,
  label,
  loadingLabel,
  failedText,
  className,
}: {
  state: LoadMoreState;
  /** The island hydrated: a click before would be lost. */
  ready: boolean;
  onMore: () => void;
  label: string;
  loadingLabel: string;
  failedText: string;
  /** The gap above it. */
  className: string;
}) {
  return (
    <div className={`${className} flex flex-col items-center gap-2`}>
      <BusyButton type="button" className="btn-secondary" busy={!ready || state === "loading"} onClick={onMore}>
        {state === "loading" ? loadingLabel : label}
      </BusyButton>
      {state === "failed" && (
        <p role="alert" className="text-sm text-red-300">
          {failedText}
        </p>
      )}
    </div>
  );
}
