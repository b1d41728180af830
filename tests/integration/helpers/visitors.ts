import { VISITOR_COOKIE } from "#adapters/auth/visitor-cookie.ts";
import * as games from "#src/pages/api/games/index.ts";
import type { createTestApp } from "./test-app.ts";

type TestStore = Awaited<ReturnType<typeof createTestApp>>;
export type Browser = ReturnType<TestStore["client"]>;

/** A browser that has loaded something, so it carries its visitor cookie like a real one. */
export async function browsingGuest(store: TestStore): Promise<Browser> {
  const browser = store.client();
  await browser.call(games.GET, "/api/games");
  return browser;
}

/** The visitor id in a browser's signed visitor cookie. */
export const visitorIdOf = (browser: Browser): string => browser.jar.get(VISITOR_COOKIE)!.split(".")[0]!;
