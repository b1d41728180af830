// TEMPORARY stub: replaced by the auth issue, whose requireAdmin checks the session. Until then
// every admin call is refused, which is the safe default (DESIGN.md: "we decide safe").
import { DomainError } from "../../domain/shared/domain-error.ts";
import type { RouteContext } from "./http.ts";

/** Throws unless the request comes from a signed-in administrator. (Stub: always throws.) */
export async function requireAdmin(_context: RouteContext): Promise<void> {
  throw new DomainError("unauthenticated", "not_signed_in", "Please log in");
}
