import sanitizeHtml from "sanitize-html";
import type { HtmlSanitizer } from "#domain/content/html-sanitizer.port.ts";

/**
 * The allowlist for blog bodies: article formatting, links and images, nothing that runs code.
 * Everything else (script, style, iframe, form, on* handlers, style attributes, javascript: and
 * data: URLs) is dropped; the text inside dropped formatting tags is kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page's title is its only h1; a body's top-level headings become sections.
    h1: "h2",
    // Links that open a new tab must not hand the opener to the other site.
    a: (tagName, attribs) => {
      const attrs = { ...attribs };
      if (attrs["target"] === "_blank") attrs["rel"] = "noopener noreferrer";
      else delete attrs["target"];
      return { tagName, attribs: attrs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

export function createSanitizeHtmlSanitizer(): HtmlSanitizer {
  return { sanitize: (html) => sanitizeHtml(html, OPTIONS) };
}
