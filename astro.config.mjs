// @ts-check
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import tailwindcss from "@tailwindcss/vite";
import compressor from "astro-compressor";
import { devFront } from "./build/dev-front.mjs";
import { inlineScriptHashes } from "./src/lib/inline-scripts.mjs";
import { ownModulesExternal } from "./build/own-modules-external.mjs";
import { reactIslands } from "./build/react-islands.mjs";
import { serverBuild } from "./build/server-build.mjs";

export default defineConfig({
  // Every page reads live catalogue data, so pages render on the server; static info pages opt in
  // to prerendering one by one.
  output: "server",
  // Middleware mode: the handler renders pages and routes only. Static files (dist/client) are the
  // front's (src/server/client-assets.ts), which knows them from the start; the standalone
  // handler looked every request up on disk first, pages included (issue 22, docs/benchmarks.md).
  // Pages are rendered to one string, not streamed: every page renders in a few milliseconds (so an
  // early first chunk gains nothing), most are kept whole in the page cache anyway, and streaming
  // encoded and wrote each small chunk on its own through a web stream (issue 22, docs/benchmarks.md).
  // The answer also carries its Content-Length.
  adapter: node({ mode: "middleware", experimentalDisableStreaming: true }),
  // The client build's hashed scripts and styles also get .br and .gz copies, written once at build
  // time; the front (src/server/client-assets.ts) serves them to browsers that accept them.
  // It must stay the last integration, after everything that writes files.
  integrations: [
    // React islands: @astrojs/react with the store's own server renderer (build/react-islands.mjs):
    // islands rendered to a string with their React id prefix, pure islands' HTML kept.
    reactIslands(),
    // `astro dev` serves through the same front as `npm start` (build/dev-front.mjs).
    devFront(),
    // The store's own server code compiled to JavaScript, for `npm start` (build/server-build.mjs).
    serverBuild(),
    compressor({
      gzip: true,
      brotli: true,
      zstd: false,
      hooks: { fileFilter: (/** @type {{ filePath: string }} */ { filePath }) => /[\\/]_astro[\\/][^\\/]+\.(js|css)$/.test(filePath) },
    }),
  ],
  site: process.env.PUBLIC_URL || "http://localhost:4321",
  server: { host: process.env.HOST || "localhost", port: Number(process.env.PORT || 4321) },
  // Islands post JSON to our own API; better-auth and our guards do the origin check themselves.
  security: {
    checkOrigin: false,
    // A Content-Security-Policy on every page (a response header on server-rendered pages): scripts only from this
    // origin and the hashes of the page's own scripts, which Astro computes at build time (the
    // same bytes for every visitor, so cached pages keep a valid policy). The checkout page adds
    // PayPal's origins itself, and only when PayPal is the provider. Style attributes are left
    // alone: style-src is Astro's (its own styles by hash, stylesheets from 'self').
    csp: {
      algorithm: "SHA-256",
      directives: [
        "default-src 'self'",
        // Roblox's CDN: the avatar headshots of "Is this you?" and of the orders (docs/delivery.md).
        "img-src 'self' data: blob: https://tr.rbxcdn.com",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'"], hashes: /** @type {any} */ (inlineScriptHashes()) },
    },
  },
  vite: {
    plugins: [ownModulesExternal(), tailwindcss()],
    ssr: { external: ["better-sqlite3", "pg"] },
    resolve: {
      // Radix's scroll lock without the <style> element the CSP refuses: src/lib/scroll-lock-bar.ts
      // (issue 35). Only the package's main entry; its `constants` entry stays the package's.
      alias: [{ find: /^react-remove-scroll-bar$/, replacement: fileURLToPath(new URL("./src/lib/scroll-lock-bar.ts", import.meta.url)) }],
    },
  },
});
