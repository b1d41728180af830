// A Vite plugin for astro.config.mjs: the server build imports the store's own server code
// (domain/, adapters/, read-models/, src/server/) as Node loads it, from source with its type
// stripping, instead of carrying a compiled copy of it. So the process `npm start` runs holds ONE
// copy of each of those modules, the one scripts/serve.ts loaded too (both compiled to dist/app: build/server-build.mjs): one app, one `DomainError`
// class, one of every module-level value (issue 34, docs/architecture.md "One copy of the code").
// `astro dev` needs no such thing: there Vite's module runner is the only loader in the process,
// and it loads the same files (with their hot reload kept). The browser's build is left alone:
// islands bundle what little of the domain they use.

import { fileURLToPath } from "node:url";
import { sep } from "node:path";

const root = fileURLToPath(new URL("../", import.meta.url));

// A folder of the project and the package.json import alias Node resolves it by.
const OWN_FOLDERS = [
  { folder: `${root}domain${sep}`, alias: "#domain/" },
  { folder: `${root}adapters${sep}`, alias: "#adapters/" },
  { folder: `${root}read-models${sep}`, alias: "#read-models/" },
  { folder: `${root}src${sep}server${sep}`, alias: "#server/" },
];

/** The alias import Node resolves to this file (`#server/app.ts`), or null when it is not the store's own server code. */
export function ownModuleSpecifier(/** @type {string} */ file) {
  const path = file.split("?")[0] ?? "";
  if (!path.endsWith(".ts")) return null;
  const own = OWN_FOLDERS.find(({ folder }) => path.startsWith(folder));
  return own ? own.alias + path.slice(own.folder.length).split(sep).join("/") : null;
}

/** @returns {import("vite").Plugin} */
export function ownModulesExternal() {
  return {
    name: "shop:own-modules-external",
    enforce: "pre",
    apply: "build",
    // Only where pages render: the server build (and prerendering).
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith("\0") || source.startsWith("astro:")) return null;
      if (!(source.startsWith("#") || source.startsWith("."))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return null;
      const specifier = ownModuleSpecifier(resolved.id);
      // The alias, not a path: Node resolves it through package.json "imports" from dist/ as from source.
      return specifier ? { id: specifier, external: true } : null;
    },
  };
}
