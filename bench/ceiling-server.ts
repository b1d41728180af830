// The ceiling for a page served from memory: node:http writing one prebuilt buffer, with nothing
// else (no routing, no headers beyond the length and type, no cookie). A cached page can only
// approach this; run.ts prints each page's ratio to it (issue 22).
//
// Run by bench/run.ts as a child process (its own event loop, like the store):
//   CEILING_BYTES=43000 HOST=127.0.0.1 PORT=4503 node bench/ceiling-server.ts
import { createServer } from "node:http";

const bytes = Number(process.env["CEILING_BYTES"] ?? 0);
const host = process.env["HOST"] ?? "127.0.0.1";
const port = Number(process.env["PORT"] ?? 4503);
if (!Number.isInteger(bytes) || bytes <= 0) throw new Error("CEILING_BYTES must be a positive whole number of bytes");

const page = Buffer.alloc(bytes, "<p>Blox Fruits</p>\n");
const headers = { "content-type": "text/html; charset=utf-8", "content-length": String(page.length) };

createServer((req, res) => {
  if (req.url === "/health") return void res.writeHead(200).end("ok");
  res.writeHead(200, headers).end(page);
}).listen(port, host);
