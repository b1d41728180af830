// Stands in for `react-remove-scroll-bar` (astro.config.mjs aliases the package to this file), the
// part of Radix's scroll lock (react-remove-scroll, used by every modal dialog and menu) that hid
// the page's scrollbar by injecting a <style> element. The Content-Security-Policy refuses that
// element (it carries no nonce and its text changes with the scrollbar's width, so no hash can
// allow it): the refusal was a console error on every page and the page behind an open dialog still
// scrolled with PageDown (issue 35). Here the lock only marks <body> with a counter, like the
// original, and the stylesheet (src/styles/global.css, `body[data-scroll-locked]`) does the rest; the
// page keeps its scrollbar gutter (`scrollbar-gutter: stable`), so nothing moves when it locks.
// react-remove-scroll's wheel and touch blocking outside the dialog stays as it is.
import { useEffect } from "react";

/** The attribute react-remove-scroll-bar puts on <body> while a lock is held (the same name). */
export const lockAttribute = "data-scroll-locked";
// The class names react-remove-scroll imports from the package's `constants` entry (not aliased);
// re-declared for anything that imports them from the main entry.
export const zeroRightClassName = "right-scroll-bar-position";
export const fullWidthClassName = "width-before-scroll-bar";
export const noScrollbarsClassName = "with-scroll-bars-hidden";
export const removedBarSizeVariable = "--removed-body-scroll-bar-size";

function heldLocks(): number {
  const count = Number.parseInt(document.body.getAttribute(lockAttribute) ?? "0", 10);
  return Number.isFinite(count) ? count : 0;
}

/** Holds the page's scroll lock while mounted; nested dialogs each hold one. Renders nothing. */
export function RemoveScrollBar(): null {
  useEffect(() => {
    document.body.setAttribute(lockAttribute, String(heldLocks() + 1));
    return () => {
      const left = heldLocks() - 1;
      if (left <= 0) document.body.removeAttribute(lockAttribute);
      else document.body.setAttribute(lockAttribute, String(left));
    };
  }, []);
  return null;
}

/** The original measures the scrollbar to pad the page; the gutter is reserved instead, so 0. */
export function getGapWidth(): { left: number; top: number; right: number; gap: number } {
  return { left: 0, top: 0, right: 0, gap: 0 };
}
