import { sql } from "kysely";
import { json, route } from "#server/http.ts";

// Answers 200 only once the database answers, so a load balancer never sends shoppers to a node
// that cannot serve them.
export const GET = route(async ({ locals }) => {
  await sql`select 1`.execute(locals.app.db);
  return json({ status: "ok" });
});
