/**
 * Gives the page's main content the focus for a moment: where focus goes when the element it was on
 * disappears (a closed dialog's opener that is gone, an answered consent banner), so the next Tab
 * starts in the page's content instead of at the end of <body> (issue 35). No outline (global.css).
 */
export function focusMain(): void {
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  main.setAttribute("tabindex", "-1");
  main.addEventListener("blur", () => main.removeAttribute("tabindex"), { once: true });
  main.focus({ preventScroll: true });
}
