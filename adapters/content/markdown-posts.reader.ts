import matter from "gray-matter";
import { Marked } from "marked";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import * as z from "zod";
import type { BlogPostDraft } from "#domain/content/blog-post.ts";

/**
 * The front matter a Markdown post carries. The slug defaults to the file name; the meta
 * description to the excerpt; YAML dates arrive as Date objects, quoted ones as strings.
 */
const FrontMatter = z.object({
  title: z.string().min(1),
  slug: z.string().min(1).optional(),
  excerpt: z.string().min(1),
  metaDescription: z.string().optional(),
  keywords: z.union([z.string(), z.array(z.string())]).optional(),
  author: z.string().min(1),
  publishedAt: z.union([z.date(), z.string().min(1)]),
  featured: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
});

export class MarkdownPostError extends Error {
  override name = "MarkdownPostError";
}

// One parser instance with fixed options, so no global marked configuration leaks in or out.
const markdown = new Marked({ gfm: true, async: false });

/** Turns one Markdown file's text into a draft; the HTML it produces is sanitised later by the use case. */
export function parseMarkdownPost(fileName: string, text: string): BlogPostDraft {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An empty options object keeps gray-matter from caching by content between calls.
    parsed = matter(text, {});
  } catch (error) {
    throw new MarkdownPostError(`${fileName}: the front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  const result = FrontMatter.safeParse(parsed.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || "front matter";
    throw new MarkdownPostError(`${fileName}: front matter field "${field}" is missing or invalid (${issue?.message ?? "invalid"})`);
  }
  const fm = result.data;
  const published = fm.publishedAt instanceof Date ? fm.publishedAt : new Date(fm.publishedAt);
  if (Number.isNaN(published.getTime())) throw new MarkdownPostError(`${fileName}: publishedAt "${String(fm.publishedAt)}" is not a date`);
  if (parsed.content.trim() === "") throw new MarkdownPostError(`${fileName}: the post has no body`);
  return {
    slug: fm.slug ?? basename(fileName).replace(/\.(md|markdown)$/i, ""),
    title: fm.title,
    excerpt: fm.excerpt,
    metaDescription: fm.metaDescription ?? "",
    keywords: Array.isArray(fm.keywords) ? fm.keywords.join(", ") : (fm.keywords ?? ""),
    author: fm.author,
    publishedAt: published.toISOString(),
    featured: fm.featured === true || fm.featured === 1,
    content: markdown.parse(parsed.content) as string,
  };
}

/**
 * Reads every `.md`/`.markdown` file of a folder (not its sub-folders) in name order. Throws a
 * MarkdownPostError naming the folder or the file when the input is unusable.
 */
export function readMarkdownPosts(folder: string): BlogPostDraft[] {
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new MarkdownPostError(`${folder} does not exist`);
  }
  if (!isFolder) throw new MarkdownPostError(`${folder} is not a folder`);
  const files = readdirSync(folder)
    .filter((name) => /\.(md|markdown)$/i.test(name))
    .sort();
  if (files.length === 0) throw new MarkdownPostError(`${folder} has no Markdown (.md) files`);
  return files.map((name) => parseMarkdownPost(name, readFileSync(join(folder, name), "utf8")));
}
