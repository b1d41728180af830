// The baseline for page-view ingestion: node:http and better-sqlite3 with one prepared insert per
// POST, nothing else (no framework, no cookies, no validation beyond JSON.parse, no projections).
// Usage: node bench/analytics-bare-server.ts <port> <sqlite file>
import SQLite from "better-sqlite3";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const db = new SQLite(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec("create table if not exists page_views (id integer primary key autoincrement, occurredAt text not null, payload text not null)");
const insert = db.prepare("insert into page_views (occurredAt, payload) values (?, ?)");

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    try {
      const view = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { page?: unknown };
      insert.run(new Date().toISOString(), JSON.stringify({ page: String(view.page) }));
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end();
    }
  });
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
