import { $session, loadSession } from "../stores/session.ts";

/**
 * Keeps the header's account slot (src/components/SiteHeader.astro) in step with the session: the
 * html element's data-session says which of its two states shows, and every [data-account-name]
 * gets the shopper's name as text (never as markup).
 */
export function bindAccountSlot(): void {
  $session.subscribe((session) => {
    if (!session) return;
    document.documentElement.dataset["session"] = session.authenticated ? "user" : "guest";
    for (const element of document.querySelectorAll<HTMLElement>("[data-account-name]")) element.textContent = session.name ?? "";
  });
  void loadSession();
}
