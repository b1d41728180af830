// The baseline the products API is measured against: what GET /api/products?gameId= costs with no
// framework at all. A plain node:http server and better-sqlite3 on the same database file (read
// only), answering GET /products?gameId=... with the same rows in the same JSON shape: products
// joined with their game, filtered by game, ordered by displayOrder, prices as decimal strings.
// It prepares its statement once, as a hand-written server would; Kysely prepares per query.
//
// Run by bench/run.ts as a child process (its own event loop, like the store):
//   BARE_DB_PATH=/tmp/.../shop.db HOST=127.0.0.1 PORT=4501 node bench/bare-server.ts
import Database from "better-sqlite3";
import { createServer } from "node:http";
import type { ProductsTable } from "../adapters/db/schema.ts";
import { formatCents } from "../domain/shared/money.ts";

/** A product's columns as the store keeps them, with its game's slug and name joined. */
type Row = Pick<
  ProductsTable,
  "id" | "gameId" | "name" | "category" | "description" | "image" | "priceCents" | "originalPriceCents" | "stock" | "displayOrder" | "featured"
> & { gameSlug: string; gameName: string };

const path = process.env["BARE_DB_PATH"];
const host = process.env["HOST"] ?? "127.0.0.1";
const port = Number(process.env["PORT"] ?? "4501");
if (!path) {
  console.error("bare-server: set BARE_DB_PATH to the store's SQLite file");
  process.exit(1);
}

const db = new Database(path, { readonly: true, fileMustExist: true });
const productsOfGame = db.prepare<[string], Row>(`
  select p.id, p.gameId, g.slug as gameSlug, g.name as gameName, p.name, p.category, p.description,
         p.image, p.priceCents, p.originalPriceCents, p.stock, p.displayOrder, p.featured
  from products p join games g on g.id = p.gameId
  where p.gameId = ?
  order by g.displayOrder, p.displayOrder, p.name`);

function view({ priceCents, originalPriceCents, featured, ...row }: Row) {
  return {
    ...row,
    price: formatCents(priceCents),
    originalPrice: originalPriceCents === null ? null : formatCents(originalPriceCents),
    featured: featured === 1 ? 1 : 0,
  };
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://bare");
  if (request.method === "GET" && url.pathname === "/products") {
    const gameId = url.searchParams.get("gameId") ?? "";
    const body = JSON.stringify(productsOfGame.all(gameId).map(view));
    response.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    response.end(body);
  } else if (request.method === "GET" && url.pathname === "/health") {
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.end('{"status":"ok"}');
  } else {
    response.writeHead(404, { "content-type": "application/json; charset=utf-8" });
    response.end('{"error":"not found"}');
  }
});

server.listen(port, host);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    db.close();
    process.exit(0);
  });
}
