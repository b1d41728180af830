/**
 * The layer rules of DESIGN.md (conventions 2), checked by `npm run check`:
 * the domain depends on nothing outside itself; read models never reach into the web app;
 * pages, components and islands never touch adapters (pages get everything through
 * Astro.locals.app and src/server; components and islands get data from pages or the API);
 * nothing outside scripts/ runs code from scripts/.
 *
 * dependency-cruiser does not read .astro files: the same "no adapters" rule for .astro pages,
 * layouts and components is eslint's no-restricted-imports (eslint.config.js), and a module that
 * only .astro files import is seen here as an orphan, hence the orphan rule's exceptions.
 */
/** Modules only .astro files import (dependency-cruiser cannot see those imports); tests/unit/architecture checks each one is. */
const IMPORTED_ONLY_BY_ASTRO = [
  "src/lib/page-view-tracker.ts",
  "src/lib/og-image.ts",
  "src/lib/json-ld.ts",
  "src/lib/dates.ts",
  "src/lib/countdown.ts",
  "src/lib/analytics-consent.ts",
];

/**
 * The domain's modules, each after every module it imports: a module may import only the modules
 * before it (and shared/), so no two modules import each other, directly or round a loop (ordering
 * and rewards did: rewards now implements the orders module's OrderRewards port, and the order
 * modules only hand the rewards ledgers over). A new module is placed here (the rule below fails
 * until it is). The order modules, in the order an order needs them (issue 48): orders (the order
 * itself), payments (its money in and back), fulfilment (delivering what is paid), risk (holding,
 * approving or rejecting a paid order) and checkout (which makes orders, and so uses all of them).
 * Where an earlier one needs a later one inside its use case, it owns a port: payments'
 * PaymentOutcomes (risk's orderPaid), fulfilment's DeliveryHolds (risk's held state).
 */
const DOMAIN_MODULES = [
  "shared",
  "roblox",
  "analytics",
  "audit",
  "mail",
  "content",
  "shop-facts",
  "catalogue",
  "accounts",
  "cart",
  "promotions",
  "orders",
  "payments",
  "fulfilment",
  "risk",
  "checkout",
  "holders",
  "rewards",
  "reviews",
  "ratings",
  "support",
  "wishlist",
  "stock-alerts",
  "webhooks",
];

const domainModuleRules = [
  {
    name: "domain-module-listed",
    comment: "every domain module has its place in DOMAIN_MODULES (.dependency-cruiser.cjs), which decides what it may import",
    severity: "error",
    from: { path: "^domain/", pathNot: `^domain/(${DOMAIN_MODULES.join("|")})/` },
    to: {},
  },
  ...DOMAIN_MODULES.slice(0, -1).map((module, index) => ({
    name: "domain-modules-no-cycles",
    comment: `domain/${module} imports only the modules before it in DOMAIN_MODULES, so domain modules never import each other round a loop`,
    severity: "error",
    from: { path: `^domain/${module}/` },
    to: { path: `^domain/(${DOMAIN_MODULES.slice(index + 1).join("|")})/` },
  })),
];

/**
 * Folders that never import another: the files under `from` import nothing under `to`, for the
 * reason given (the rule's comment in the report).
 */
const FOLDER_RULES = [
  { name: "read-models-not-web", from: "^read-models/", to: "^src/", why: "read models are queried by the web app, never the other way round" },
  { name: "adapters-not-web", from: "^adapters/", to: "^(src|read-models)/", why: "adapters serve the domain and the web app, never call into them" },
  {
    name: "nothing-imports-scripts",
    from: "^(src|adapters|domain|read-models)/",
    to: "^scripts/",
    why: "scripts/ are entry points run by hand or by npm; what the store needs lives in its own folders (demo data: adapters/seed)",
  },
  {
    name: "pages-no-adapters",
    from: "^src/pages/",
    to: "^adapters/",
    why: "routes reach adapters only through the composition root (Astro.locals.app, src/server)",
  },
  {
    name: "ui-no-adapters",
    from: "^src/(components|islands|stores|layouts)/",
    to: "^adapters/",
    why: "components, islands, layouts and stores get data through pages or the API, never from adapters",
  },
  {
    name: "server-not-pages",
    from: "^src/server/",
    to: "^src/pages/",
    why: "src/server is what pages call; it never imports a page or an API route (the fast front finds its handlers through the route manifest, src/server/route-modules.ts)",
  },
].map(({ name, from, to, why }) => ({ name, comment: why, severity: "error", from: { path: from }, to: { path: to } }));

module.exports = {
  forbidden: [
    ...domainModuleRules,
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
    ...FOLDER_RULES,
    {
      name: "islands-no-server",
      comment: "islands run in the browser: no server code. Type-only imports (a view's type from a *.queries.ts or *.query.ts file) are erased and allowed.",
      severity: "error",
      from: { path: "^src/(islands|stores)/" },
      to: { path: "^(src/server/|adapters/|read-models/.*[.]quer(y|ies)[.]ts$)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-orphans",
      comment: "a module nothing imports is dead code, or an entry point listed here",
      severity: "error",
      from: {
        orphan: true,
        pathNot: [
          // Entry points: Astro's file routes and middleware, npm scripts, config files.
          "^src/pages/",
          "^src/middleware[.]ts$",
          "^src/env[.]d[.]ts$",
          "^scripts/",
          "^bench/",
          "(^|/)[^/]+[.]config[.][cm]?[jt]s$",
          // The React islands' server renderer, which build/react-islands.mjs hands Astro by its path.
          "^src/lib/react-island-server[.]ts$",
          // Stands in for react-remove-scroll-bar through astro.config.mjs's resolve.alias.
          "^src/lib/scroll-lock-bar[.]ts$",
          "^[.]dependency-cruiser[.]cjs$",
          // Type declarations.
          "[.]d[.]ts$",
          ...IMPORTED_ONLY_BY_ASTRO.map((file) => `^${file.replaceAll(".", "[.]")}$`),
        ],
      },
      to: {},
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
