import { join } from "node:path";
import { createLocalFileStorage, type LocalFileStorage } from "../../adapters/storage/local-file-storage.ts";
import type { App } from "./app.ts";

/**
 * Delivery proof screenshots live in DATA_DIR/proofs: outside DATA_DIR/uploads, so the public
 * /uploads route can never serve them; only GET /api/orders/{id}/proofs/{file} does, to the order's
 * owner and staff.
 */
export function proofStorage(app: Pick<App, "config">): LocalFileStorage {
  return createLocalFileStorage(join(app.config.dataDir, "proofs"));
}
