import { expect, test } from "./fixtures.ts";

// Issue 20: an owner makes an existing account a support agent, who signs in to the panel, sees
// only their tabs, and is refused anything that moves money, on the server.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";

test("an owner adds a support agent, who sees only Orders, Reviews and Support and cannot grant credit", async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agentEmail = `agent-${Date.now().toString(36)}@shop.test`;
  expect((await agentContext.request.post("/api/auth/register", { data: { email: agentEmail, password: PASSWORD } })).status()).toBe(201);

  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.goto("/admin?tab=staff");
  await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
  await page.getByLabel("Email of an existing account").fill(agentEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("support");
  await page.getByRole("button", { name: "Add to staff" }).click();
  await expect(page.getByRole("list", { name: "Staff members" }).getByRole("listitem", { name: agentEmail })).toBeVisible();

  const agent = await agentContext.newPage();
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.goto("/admin");
  await agent.getByLabel("Email").fill(agentEmail);
  await agent.getByLabel("Password").fill(PASSWORD);
  await agent.getByRole("button", { name: "Login", exact: true }).click();
  const tabs = agent.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
  await expect(tabs).toHaveText(["Orders", "Reviews", "Support"]);
  // No sideways scroll on a phone.
  expect(await agent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const users = await agent.request.get("/api/admin/users");
  expect(users.status()).toBe(403);
  expect((await users.json()).error).toContain('permission "users"');
  const credit = await agent.request.patch("/api/admin/users/anyone/store-credit", { data: { amount: "50.00", operation: "add" } });
  expect(credit.status()).toBe(403);
  expect((await credit.json()).error).toBe('Your role (support) does not allow this: grant store credit (permission "store-credit")');
  await agentContext.close();
});
