/**
 * The layer rules of DESIGN.md (conventions 2), checked by `npm run check`:
 * the domain depends on nothing outside itself; read models never reach into the web app;
 * components and islands never touch adapters (they get data from pages or the API).
 */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ imports nothing outside domain/: no framework, adapter, zod or Node built-in",
      severity: "error",
      from: { path: "^domain/" },
      to: { pathNot: "^domain/" },
    },
    {
      name: "domain-no-node-builtins",
      severity: "error",
      from: { path: "^domain/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "read-models-not-web",
      comment: "read models are queried by the web app, never the other way round",
      severity: "error",
      from: { path: "^read-models/" },
      to: { path: "^src/" },
    },
    {
      name: "adapters-not-web",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: "^(src|read-models)/" },
    },
    {
      name: "ui-no-adapters",
      comment: "components, islands and stores get data through pages or the API, never from adapters",
      severity: "error",
      from: { path: "^src/(components|islands|stores|layouts)/" },
      to: { path: "^adapters/" },
    },
    {
      name: "islands-no-server",
      comment: "islands run in the browser: no server modules",
      severity: "error",
      from: { path: "^src/(islands|stores)/" },
      to: { path: "^(src/server|read-models/.*queries|adapters)/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|\\.astro|\\.node|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
