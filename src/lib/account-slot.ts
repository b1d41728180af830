import { api } from "./api-client.ts";
import { $session, forgetSession, loadSession } from "../stores/session.ts";

/**
 * Keeps the header's account slot (src/components/SiteHeader.astro) in step with the session: the
 * html element's data-session says which of its two states shows, and every [data-account-name]
 * gets the shopper's name as text (never as markup). Its Logout buttons end the session and go to
 * the home page (storefront.md section 7); they are disabled in the HTML until bound here.
 */
export function bindAccountSlot(): void {
  $session.subscribe((session) => {
    if (!session) return;
    document.documentElement.dataset["session"] = session.authenticated ? "user" : "guest";
    for (const element of document.querySelectorAll<HTMLElement>("[data-account-name]")) element.textContent = session.name ?? "";
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-logout]")) {
    button.disabled = false;
    button.addEventListener("click", () => void logout(button));
  }
  void loadSession();
}

async function logout(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    await api.post("/api/auth/logout");
  } catch (error) {
    console.error("logout failed", error);
  }
  forgetSession({ authenticated: false, user: null });
  window.location.assign("/");
}
