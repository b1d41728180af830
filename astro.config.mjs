// @ts-check
import { defineConfig } from "astro/config";
import node from "@astrojs/node";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  // Every page reads live catalogue data, so pages render on the server; static info pages opt in
  // to prerendering one by one.
  output: "server",
  adapter: node({ mode: "standalone" }),
  integrations: [react()],
  site: process.env.PUBLIC_URL || "http://localhost:4321",
  server: { host: process.env.HOST || "localhost", port: Number(process.env.PORT || 4321) },
  // Islands post JSON to our own API; better-auth and our guards do the origin check themselves.
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ["better-sqlite3", "pg"] },
  },
});
