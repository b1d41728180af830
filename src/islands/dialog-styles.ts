/** Shared look of the overlays' dialogs (Radix primitives, styled with the site's Tailwind theme). */
// No backdrop blur: it is costly to paint on phones and in software rendering, for little gain.
export const dialogOverlayClass = "fixed inset-0 z-50 bg-black/75";
export const dialogContentClass =
  "card fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 p-6 shadow-2xl focus:outline-none";
export const dialogCloseClass = "absolute right-3 top-3 rounded-md p-1.5 text-slate-300 hover:bg-ink-800 hover:text-white";
