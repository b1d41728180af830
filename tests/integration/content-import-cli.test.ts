import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "shop-content-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dbFile = join(dir, "shop.db");

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

function folder(name: string, files: Record<string, string>): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
  return path;
}

function post(
  slug: string,
): { slug: string; title: string; content: string; featured: number; keywords: string; metaDescription: string; publishedAt: string } | undefined {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare("select slug, title, content, featured, keywords, metaDescription, publishedAt from blog_posts where slug = ?").get(slug) as never;
  } finally {
    db.close();
  }
}

const first = `---
title: Trading Tips for Beginners
excerpt: How to trade safely.
author: Sam Carter
publishedAt: 2026-11-01
keywords: [trading, safety]
featured: true
---
# Trading tips

Always **double-check** a trade. <script>alert("xss")</script>

<img src="/img/item/x.svg" alt="x" onerror="alert(1)">

- one
- two
`;

const second = `---
title: "Doors: Surviving Floor Two"
slug: doors-floor-two
excerpt: Survive the Mines.
metaDescription: A guide to floor two of Doors.
author: Jordan Lee
publishedAt: "2026-10-05T12:30:00Z"
---
Stay *quiet* in the Mines.
`;

describe("npm run cli -- content import <folder>", () => {
  it("creates posts from Markdown with front matter, sanitised, and says what it did", () => {
    const path = folder("posts", { "trading-tips.md": first, "doors.md": second, "notes.txt": "ignored" });
    const res = cli("content", "import", path);
    expect(res.err).toBe("");
    expect(res.code).toBe(0);
    expect(res.out.split("\n")).toEqual([
      "content import: created doors-floor-two",
      "content import: created trading-tips",
      "content import: 2 created, 0 updated, 0 unchanged",
    ]);
    const tips = post("trading-tips")!;
    expect(tips).toMatchObject({
      title: "Trading Tips for Beginners",
      featured: 1,
      keywords: "trading, safety",
      metaDescription: "How to trade safely.",
      publishedAt: "2026-11-01T00:00:00.000Z",
    });
    expect(tips.content).toContain("<strong>double-check</strong>");
    expect(tips.content).toContain("<h2>Trading tips</h2>");
    expect(tips.content).toContain("<li>one</li>");
    expect(tips.content).not.toMatch(/<script|onerror|alert\(/);
    expect(post("doors-floor-two")).toMatchObject({ title: "Doors: Surviving Floor Two", featured: 0, metaDescription: "A guide to floor two of Doors." });
  });

  it("is idempotent by slug: the same files change nothing, an edited file updates its post", () => {
    const path = join(dir, "posts");
    expect(cli("content", "import", path).out).toMatch(/0 created, 0 updated, 2 unchanged$/);
    writeFileSync(join(path, "doors.md"), second.replace("Surviving Floor Two", "Floor Two Guide"));
    const res = cli("content", "import", path);
    expect(res.code).toBe(0);
    expect(res.out).toContain("content import: updated doors-floor-two");
    expect(res.out).toMatch(/0 created, 1 updated, 1 unchanged$/);
    expect(post("doors-floor-two")!.title).toBe("Doors: Floor Two Guide");
  });

  it("fails with a clear message and imports nothing when one file is bad", () => {
    const path = folder("bad", {
      "a-good.md": first.replace("Trading Tips", "Changed Tips"),
      "b-bad.md": "---\ntitle: No author\nexcerpt: x\npublishedAt: 2026-01-01\n---\nBody",
    });
    const res = cli("content", "import", path);
    expect(res.code).toBe(1);
    expect(res.err).toBe('b-bad.md: front matter field "author" is missing or invalid (Invalid input: expected string, received undefined)');
    expect(post("a-good")).toBeUndefined();
    expect(post("trading-tips")!.title).toBe("Trading Tips for Beginners");
  });

  it("fails clearly for a missing folder, a folder without Markdown, a bad slug or a missing argument", () => {
    expect(cli("content", "import", join(dir, "nope")).err).toMatch(/nope does not exist$/);
    const empty = folder("empty", { "readme.txt": "x" });
    const none = cli("content", "import", empty);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/has no Markdown \(\.md\) files$/);
    const badSlug = cli("content", "import", folder("badslug", { "x.md": first.replace("title:", "slug: Not A Slug!\ntitle:") }));
    expect(badSlug.code).toBe(1);
    expect(badSlug.err).toMatch(/"Not A Slug!" is not a valid slug/);
    const usage = cli("content", "import");
    expect(usage.code).toBe(1);
    expect(usage.err).toMatch(/usage: npm run cli -- content import <folder/);
  });
});
