import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvRow } from "#domain/catalogue/catalogue-csv.ts";
import { axeChecks, violations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { noSidewaysScroll } from "./screen.ts";

// The catalogue in bulk from the Products tab: two products of the test's own repriced at once, the
// catalogue exported, and a file of their lines imported: a bad line shown by line and column with
// Apply held back, then the fixed file checked and applied.
const ADMIN = { email: "admin@shop.test", password: "admin-password-1" };
const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

type Listed = { id: string; name: string; price: string; gameId: string; category: string };

async function journey(page: Page, width: number) {
  test.slow();
  expect((await page.request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200);
  const tag = `Bulk${width}x${Date.now().toString(36)}`;
  const [some] = (await (await page.request.get("/api/products")).json()) as Listed[];
  for (const letter of ["A", "B"]) {
    const body = { name: `${tag} ${letter}`, gameId: some!.gameId, category: some!.category, price: "10.00", image: "/img/item/pet.svg" };
    expect((await page.request.post("/api/admin/products", { data: body })).status()).toBe(201);
  }
  const mine = async () =>
    ((await (await page.request.get("/api/admin/products", { params: { q: tag } })).json()) as Listed[]).sort((a, b) => a.name.localeCompare(b.name));

  // Bulk price: the two checked, a bad number refused at its field, then +10%.
  await page.goto("/admin?tab=products");
  await page.getByLabel("Search products").fill(tag);
  await page.getByLabel("Search products").press("Enter");
  await expect(page.getByText("2 products found", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: `Select ${tag} B` })).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  const editor = page.getByRole("form", { name: "Change prices of the selected products" });
  await expect(editor).toContainText("2 products selected");
  await editor.getByLabel("Change").selectOption({ label: "Raise or lower by a percentage" });
  const value = editor.getByLabel("Percentage (%)");
  await value.fill("ten");
  await editor.getByRole("button", { name: "Change 2 products" }).click();
  await expect(value).toHaveAttribute("aria-invalid", "true");
  await expect(value).toHaveAccessibleDescription(/Enter a number such as 10 or -10/);
  await noSidewaysScroll(page);
  if (axeChecks(width, "admin products bulk price")) expect(await violations(page, "admin products bulk price")).toEqual([]);
  await value.fill("10");
  await value.press("Enter");
  await expect(toast(page, "Prices Changed")).toBeVisible();
  expect((await mine()).map((p) => p.price)).toEqual(["11.00", "11.00"]);
  await expect(editor).toHaveCount(0);

  // Export: the link downloads the catalogue's CSV, with a line per product.
  const file = page.getByRole("region", { name: "Catalogue file" });
  await expect(file.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/products/export.csv");
  const csv = await (await page.request.get("/api/admin/products/export.csv")).text();
  const lines = parse<CatalogueCsvRow>(csv, { columns: true }).filter((r) => r.name.startsWith(tag));
  expect(lines.map((r) => r.price)).toEqual(["11.00", "11.00"]);

  // Import: a bad line is shown by line and column, and Apply is held back.
  const upload = (rows: CatalogueCsvRow[]) => ({
    name: "catalogue.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS] })),
  });
  const [a, b] = [lines.find((r) => r.name === `${tag} A`)!, lines.find((r) => r.name === `${tag} B`)!];
  await file.getByLabel("Import CSV").setInputFiles(upload([{ ...a, price: "12,50" }, b]));
  await expect(file.getByRole("status").filter({ hasText: "catalogue.csv: 2 lines" })).toContainText("1 with errors");
  const table = file.getByRole("table", { name: "What each line of the file does" });
  await expect(table.getByRole("row", { name: /^2 Error price: "12,50" is not a price; write it like 12.99/ })).toBeVisible();
  await expect(file.getByRole("button", { name: "Apply" })).toBeDisabled();
  await noSidewaysScroll(page);
  if (axeChecks(width, "admin products import")) expect(await violations(page, "admin products import")).toEqual([]);

  // The fixed file: one line to update, the other unchanged (shown on asking), then applied.
  await file.getByLabel("Import CSV").setInputFiles(upload([{ ...a, price: "12.50" }, b]));
  await expect(file.getByRole("status").filter({ hasText: "catalogue.csv: 2 lines" })).toContainText("0 to create, 1 to update, 1 unchanged, 0 with errors");
  await expect(table.getByRole("row")).toHaveCount(2);
  await file.getByRole("checkbox", { name: "Show unchanged lines too" }).check();
  await expect(table.getByRole("row", { name: /^3 Unchanged None/ })).toBeVisible();
  await file.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, "Catalogue Imported")).toBeVisible();
  expect((await mine()).map((p) => p.price)).toEqual(["12.50", "11.00"]);
  await expect(page.getByRole("listitem").filter({ hasText: `${tag} A` })).toContainText("$12.50");

  // A file without the export's columns: said on its first line.
  await file.getByLabel("Import CSV").setInputFiles({ name: "notes.csv", mimeType: "text/csv", buffer: Buffer.from("hello\nworld\n") });
  await expect(table.getByRole("row", { name: /^1 Error The header lacks kind, id, game, name, category, price/ })).toBeVisible();
}

test.describe("the catalogue in bulk, at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test("bulk price edits on a selection, the CSV export, and an import checked line by line before it is applied", async ({ page }) => {
    await journey(page, 1366);
  });
});

test.describe("the catalogue in bulk, at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the same on a phone @mobile", async ({ page }) => {
    await journey(page, 390);
  });
});
