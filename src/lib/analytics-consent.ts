/**
 * The analytics consent banner's behaviour (issue 20), loaded by BaseLayout as a deferred module.
 * The answer lives in the `shop_analytics` cookie ("granted" or "denied", a year), which the
 * page-view endpoint reads: only "granted" lets a page view carry the visitor id (and the user).
 * The visitor cookie itself is strictly necessary (guest cart, wishlist, chat) and is set either
 * way. A signed-in shopper's answer is also kept on the account (POST /api/account/consent), so
 * "Download my data" shows it. Any element with data-consent-open (the footer's "Cookie settings")
 * shows the banner again.
 */
import { focusMain } from "./focus-main.ts";
import { CONSENT_COOKIE, storedConsentChoice, type ConsentChoice } from "./consent-choice.ts";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
/** src/stores/session.ts keeps its last answer under this key; only a hint, the server decides. */
const SESSION_HINT_KEY = "sessionHint";

function probablySignedIn(): boolean {
  try {
    return (JSON.parse(window.localStorage.getItem(SESSION_HINT_KEY) ?? "null") as { authenticated?: boolean } | null)?.authenticated === true;
  } catch {
    return false;
  }
}

/**
 * While the banner shows, the page keeps room for it (issue 35, WCAG 2.4.11): <html> gets
 * data-consent="open" and --consent-space, the height from the banner's top to the bottom of the
 * window; global.css turns them into padding at the end of the page (so everything can scroll
 * above the banner) and a scroll padding (so what gets focus is scrolled out from under it).
 */
let stopKeepingRoom: (() => void) | null = null;

function keepRoomFor(banner: HTMLElement): void {
  const root = document.documentElement;
  const measure = () => root.style.setProperty("--consent-space", `${Math.max(0, Math.ceil(window.innerHeight - banner.getBoundingClientRect().top))}px`);
  const observer = new ResizeObserver(measure);
  observer.observe(banner);
  window.addEventListener("resize", measure);
  root.dataset["consent"] = "open";
  measure();
  stopKeepingRoom = () => {
    observer.disconnect();
    window.removeEventListener("resize", measure);
    delete root.dataset["consent"];
    root.style.removeProperty("--consent-space");
  };
}

function show(banner: HTMLElement): void {
  banner.hidden = false;
  if (!stopKeepingRoom) keepRoomFor(banner);
}

/** The "Cookie settings" link that showed the banner again: focus goes back there after an answer. */
let openedFrom: HTMLElement | null = null;

function hide(banner: HTMLElement): void {
  const hadFocus = banner.contains(document.activeElement);
  banner.hidden = true;
  if (hadFocus) {
    if (openedFrom?.isConnected) openedFrom.focus();
    else focusMain();
  }
  openedFrom = null;
  stopKeepingRoom?.();
  stopKeepingRoom = null;
}

function choose(choice: ConsentChoice, banner: HTMLElement): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  hide(banner);
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
      openedFrom = opener;
      show(banner);
      banner.querySelector<HTMLButtonElement>("[data-consent-choice]")?.focus();
    });
  }
  if (storedConsentChoice() === null) show(banner);
}
