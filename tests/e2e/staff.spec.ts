import { expect, test } from "./fixtures.ts";

// Issue 20: an owner makes an existing account a support agent, who signs in to the panel, sees
// only their tabs, and is refused anything that moves money, on the server.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const PASSWORD = "correct horse battery";

test("an owner adds a support agent, who sees only Orders, Reviews and Support and cannot grant credit", async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agentEmail = `agent-${Date.now().toString(36)}@shop.test`;
  expect((await agentContext.request.post("/api/auth/register", { data: { acceptTerms: true, email: agentEmail, password: PASSWORD } })).status()).toBe(201);

  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin?tab=staff");
  await expect(page.getByRole("heading", { name: "Staff", exact: true })).toBeVisible();
  await page.getByLabel("Email of an existing account").fill(agentEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("support");
  await page.getByRole("button", { name: "Add to staff" }).click();
  await expect(page.getByRole("list", { name: "Staff members" }).getByRole("listitem", { name: agentEmail })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const agent = await agentContext.newPage();
  await agent.setViewportSize({ width: 390, height: 844 });
  await agent.goto("/admin");
  await agent.getByLabel("Email").fill(agentEmail);
  await agent.getByLabel("Password").fill(PASSWORD);
  await agent.getByRole("button", { name: "Login", exact: true }).click();
  const tabs = agent.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
  // The Orders tab may carry the count of orders to deliver.
  await expect(tabs).toHaveText([/^Orders/, "Reviews", "Support"]);
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

test("a manager sets up two-factor sign-in in the panel, and the next sign-in asks for the app's code", async ({ page, browser }) => {
  const { totpCode } = await import("../support/totp.ts");
  const context = await browser.newContext();
  const email = `manager-${Date.now().toString(36)}@shop.test`;
  expect((await context.request.post("/api/auth/register", { data: { acceptTerms: true, email, password: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  expect((await page.request.post("/api/admin/staff", { data: { email, role: "manager" } })).status()).toBe(201);

  const manager = await context.newPage();
  // On a phone: the set-up, its QR code and the second-factor step must fit 390 px.
  await manager.setViewportSize({ width: 390, height: 844 });
  const noSidewaysScroll = async () => expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await manager.goto("/admin");
  await manager.getByLabel("Email").fill(email);
  await manager.getByLabel("Password").fill(PASSWORD);
  await manager.getByRole("button", { name: "Login", exact: true }).click();
  await manager.getByText("Two-factor: off").click();
  await manager.getByLabel("Password").fill(PASSWORD);
  await manager.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(manager.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(manager.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  await noSidewaysScroll();
  const secret = (await manager.getByTestId("totp-secret").textContent())!;
  await manager.getByLabel("The 6-digit code the app shows now").fill(totpCode(secret));
  await manager.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(manager.getByText("Two-factor: on")).toBeVisible();

  await manager.getByRole("button", { name: "Logout" }).click();
  await manager.getByLabel("Email").fill(email);
  await manager.getByLabel("Password").fill(PASSWORD);
  await manager.getByRole("button", { name: "Login", exact: true }).click();
  await expect(manager.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await manager.getByLabel("Authentication code").fill("000000");
  await manager.getByRole("button", { name: "Verify" }).click();
  await expect(manager.getByRole("alert")).toContainText("That code is not right");
  await noSidewaysScroll();
  await manager.getByLabel("Authentication code").fill(totpCode(secret));
  await manager.getByRole("button", { name: "Verify" }).click();
  await expect(manager.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await expect(manager.getByRole("tab", { name: "Staff" })).toHaveCount(0);
  await context.close();
});
