import { compareRoutes, readFileRoutes } from "./file-routes.ts";
import { ROUTES } from "../src/server/routes.ts";

// `npm run check`: every file route under src/pages is in the route manifest with the methods its
// file exports, and every manifest entry has its file (see docs/serving-and-caching.md).
const problems = compareRoutes(readFileRoutes(), ROUTES);
for (const problem of problems) console.error(`routes: ${problem}`);
if (problems.length) {
  console.error(`routes: ${problems.length} difference(s) between src/pages and src/server/routes.ts`);
  process.exit(1);
}
console.log(`routes: ${ROUTES.length} file routes, all in the manifest`);
