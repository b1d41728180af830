import type { BlogPostDraft } from "./blog-post.ts";

/**
 * Where authors' posts come from for an import (a folder of Markdown files). Reads and parses
 * every post before anything is stored, and throws naming the first one it cannot read.
 */
export interface BlogPostSource {
  read(location: string): BlogPostDraft[];
}
