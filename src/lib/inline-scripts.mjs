// The page's inline scripts, kept here as strings so that astro.config.mjs can list their
// hashes in the Content-Security-Policy (Astro hashes the scripts it bundles itself, not inline
// ones). Edit them here only: the hash follows the text, so the policy can never go stale.
import { createHash } from "node:crypto";

/** Before the first paint, so a dismissed announcement banner never flashes or shifts the page. */
export const ANNOUNCEMENT_STATE_SCRIPT =
  'try{if(localStorage.getItem("announcementDismissed"))document.documentElement.classList.add("announcement-dismissed")}catch(e){}';

/**
 * A click on an "open chat" button (Contact page, FAQ) before the widget has loaded is remembered
 * and honoured when it loads, instead of being lost.
 */
export const SUPPORT_CHAT_EARLY_SCRIPT = 'window.addEventListener("open-support-chat",function(){window.__supportChatRequested=true});';

/**
 * Right after the header, before it is painted: the header's account slot shows what the last
 * session answer said (src/stores/session.ts keeps it), so a signed-in shopper's name is there from
 * the first paint of a page that is the same HTML for everyone; the session call then confirms it.
 * Without a kept answer the slot stays invisible, at its size, until the answer comes.
 */
export const ACCOUNT_SLOT_SCRIPT =
  'try{var h=JSON.parse(localStorage.getItem("sessionHint")||"null");if(h&&typeof h.authenticated==="boolean"){document.documentElement.dataset.session=h.authenticated?"user":"guest";if(h.authenticated&&typeof h.name==="string")document.querySelectorAll("[data-account-name]").forEach(function(e){e.textContent=h.name})}}catch(e){}';

/** CSP hash sources for the inline scripts above. */
export function inlineScriptHashes() {
  return [ANNOUNCEMENT_STATE_SCRIPT, SUPPORT_CHAT_EARLY_SCRIPT, ACCOUNT_SLOT_SCRIPT].map(
    (code) => `sha256-${createHash("sha256").update(code).digest("base64")}`,
  );
}
