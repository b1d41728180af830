/** What the storefront and the API show of FAQs and blog posts: the spec's fields. */
export interface FaqView {
  id: string;
  question: string;
  answer: string;
}

export interface BlogPostSummaryView {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** 1 means featured, as in the spec. */
  featured: 0 | 1;
  /** ISO-8601 UTC instant. */
  publishedAt: string;
}

export interface BlogPostView {
  title: string;
  metaDescription: string;
  keywords: string;
  author: string;
  publishedAt: string;
  /** Sanitised HTML, safe to render as HTML. */
  content: string;
  featured: 0 | 1;
}
