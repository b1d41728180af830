// The page's two inline scripts, kept here as strings so that astro.config.mjs can list their
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

/** CSP hash sources for the inline scripts above. */
export function inlineScriptHashes() {
  return [ANNOUNCEMENT_STATE_SCRIPT, SUPPORT_CHAT_EARLY_SCRIPT].map((code) => `sha256-${createHash("sha256").update(code).digest("base64")}`);
}
