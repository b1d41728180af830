/**
 * The analytics consent banner's behaviour (issue 20), loaded by BaseLayout as a deferred module.
 * The answer lives in the `shop_analytics` cookie ("granted" or "denied", a year), which the
 * page-view endpoint reads: only "granted" lets a page view carry the visitor id (and the user).
 * The visitor cookie itself is strictly necessary (guest cart, wishlist, chat) and is set either
 * way. A signed-in shopper's answer is also kept on the account (POST /api/account/consent), so
 * "Download my data" shows it. Any element with data-consent-open (the footer's "Cookie settings")
 * shows the banner again.
 */
const COOKIE = "shop_analytics";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
/** src/stores/session.ts keeps its last answer under this key; only a hint, the server decides. */
const SESSION_HINT_KEY = "sessionHint";

function storedChoice(): string | null {
  const match = document.cookie.split(/;\s*/).find((part) => part.startsWith(`${COOKIE}=`));
  return match ? match.slice(COOKIE.length + 1) : null;
}

function probablySignedIn(): boolean {
  try {
    return (JSON.parse(window.localStorage.getItem(SESSION_HINT_KEY) ?? "null") as { authenticated?: boolean } | null)?.authenticated === true;
  } catch {
    return false;
  }
}

function choose(choice: "granted" | "denied", banner: HTMLElement): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  banner.hidden = true;
  if (!probablySignedIn()) return;
  fetch("/api/account/consent", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ analytics: choice }),
  }).catch((error: unknown) => console.warn("recording the consent choice failed", error));
}

const banner = document.getElementById("consent-banner");
if (banner) {
  for (const button of banner.querySelectorAll<HTMLButtonElement>("[data-consent-choice]")) {
    button.addEventListener("click", () => choose(button.dataset["consentChoice"] === "granted" ? "granted" : "denied", banner));
  }
  for (const opener of document.querySelectorAll<HTMLElement>("[data-consent-open]")) {
    opener.addEventListener("click", () => {
      banner.hidden = false;
      banner.querySelector<HTMLButtonElement>("[data-consent-choice]")?.focus();
    });
  }
  const choice = storedChoice();
  if (choice !== "granted" && choice !== "denied") banner.hidden = false;
}
