import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork, type AuditedChange } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { ImageStorage } from "../shared/image-storage.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { addCategory } from "./add-category.ts";
import type { CatalogueAdminRepositories } from "./catalogue-admin-repositories.port.ts";
import { createGame } from "./create-game.ts";
import { createProduct } from "./create-product.ts";
import { deleteCategory } from "./delete-category.ts";
import { deleteGame } from "./delete-game.ts";
import { deleteProduct } from "./delete-product.ts";
import { duplicateProduct } from "./duplicate-product.ts";
import type { GameFields } from "./game.ts";
import type { ItemRequestInput } from "./item-request.ts";
import type { ItemRequestRepository } from "./item-request-repository.port.ts";
import type { ProductFields } from "./product.ts";
import { renameCategory } from "./rename-category.ts";
import { reorderCategories } from "./reorder-categories.ts";
import { reorderGames } from "./reorder-games.ts";
import { reorderProducts } from "./reorder-products.ts";
import type { CatalogueRepositories } from "./catalogue-repositories.port.ts";
import { seedCatalogue, type SeedGame } from "./seed-catalogue.ts";
import { submitItemRequest } from "./submit-item-request.ts";
import { updateGame } from "./update-game.ts";
import { updateProduct } from "./update-product.ts";
import { bulkPrice, type PriceChange } from "./bulk-price.ts";
import { uploadLogo } from "./upload-logo.ts";
import type { CsvRecord } from "./catalogue-csv.ts";
import { importCatalogue, type CatalogueImportDeps } from "./import-catalogue.ts";

/** What the catalogue module needs, bound once by the composition root. */
export interface CatalogueModuleDeps {
  /** Games, categories and products (and the audit trail) in one transaction. */
  unitOfWork: UnitOfWork<CatalogueAdminRepositories & Audited>;
  /** Games, categories and products as the demo seed adds them (no audit: nobody is acting). */
  seeding: UnitOfWork<CatalogueRepositories>;
  /** The catalogue file's import: its one transaction, and the reads of a dry run. */
  importing: Pick<CatalogueImportDeps, "unitOfWork" | "reads">;
  /** Shoppers' item requests (one insert each, no transaction needed). */
  itemRequests: ItemRequestRepository;
  /** Where uploaded game logos are kept. */
  logos: ImageStorage;
  images: ImageProcessor;
  ids: IdGenerator;
  clock: Clock;
}

type Repositories = CatalogueAdminRepositories & Audited;
type Read = AuditedChange<Repositories>["read"];

const createdId = (result: unknown): string => (result as { id: string }).id;
const findGame: Read = (r, id) => r.games.findById(id);
const findCategory: Read = (r, id) => r.categories.findById(id);
const findProduct: Read = (r, id) => r.products.findById(id);

/** Each listed entity's position, for auditing a reorder (unknown ids: null). */
async function positions(ids: readonly string[], find: (id: string) => Promise<{ displayOrder: number } | null>): Promise<Record<string, number | null>> {
  const found: Record<string, number | null> = {};
  for (const id of ids) found[id] = (await find(id))?.displayOrder ?? null;
  return found;
}

/**
 * The catalogue's use cases, ready to call: `app.catalogue.createGame(fields, admin)`. Every change
 * an administrator makes is recorded here, with its before and after, in the change's own
 * transaction: the audit rule of each use case is declared next to it, and callers only say who
 * the administrator is.
 */
export function createCatalogueModule(deps: CatalogueModuleDeps) {
  const { ids, clock } = deps;
  const audited = (actor: AuditActor, kind: AuditedChange<Repositories>["kind"], entityId: AuditedChange<Repositories>["entityId"], read: Read) => ({
    unitOfWork: auditedUnitOfWork(deps.unitOfWork, { actor, kind, entityId, read }, clock),
    ids,
  });
  return {
    createGame: (fields: GameFields, actor: AuditActor) => createGame(fields, audited(actor, "game.create", createdId, findGame)),
    updateGame: (id: string, changes: Partial<GameFields>, actor: AuditActor) => updateGame(id, changes, audited(actor, "game.update", id, findGame)),
    deleteGame: (id: string, actor: AuditActor) => deleteGame(id, audited(actor, "game.delete", id, findGame)),
    reorderGames: (gameIds: readonly string[], actor: AuditActor) =>
      reorderGames(
        gameIds,
        audited(actor, "game.reorder", "games", (r) => r.games.listIdsInOrder()),
      ),

    addCategory: (fields: { gameId: string; name: string }, actor: AuditActor) =>
      addCategory(fields, audited(actor, "category.create", createdId, findCategory)),
    renameCategory: (id: string, name: string, actor: AuditActor) => renameCategory(id, name, audited(actor, "category.rename", id, findCategory)),
    deleteCategory: (id: string, actor: AuditActor) => deleteCategory(id, audited(actor, "category.delete", id, findCategory)),
    reorderCategories: (categoryIds: readonly string[], actor: AuditActor) =>
      reorderCategories(
        categoryIds,
        audited(actor, "category.reorder", "categories", (r) => positions(categoryIds, (id) => r.categories.findById(id))),
      ),

    createProduct: (fields: ProductFields, actor: AuditActor) => createProduct(fields, audited(actor, "product.create", createdId, findProduct)),
    updateProduct: (id: string, changes: Partial<ProductFields>, actor: AuditActor) =>
      updateProduct(id, changes, audited(actor, "product.update", id, findProduct)),
    /** One audit entry for the selection: its products before and after. */
    bulkPrice: (productIds: readonly string[], change: PriceChange, actor: AuditActor) =>
      bulkPrice(
        productIds,
        change,
        audited(actor, "product.update", "products", (r) => Promise.all([...new Set(productIds)].map((id) => r.products.findById(id)))),
      ),
    /** The catalogue file, checked line by line (dryRun) or applied in one transaction; one audit entry with the counts. */
    importCatalogue: (records: AsyncIterable<CsvRecord>, options: { apply: boolean }, actor: AuditActor) =>
      importCatalogue(records, options, actor, { ...deps.importing, ids, clock }),
    deleteProduct: (id: string, actor: AuditActor) => deleteProduct(id, audited(actor, "product.delete", id, findProduct)),
    duplicateProduct: (id: string, actor: AuditActor) => duplicateProduct(id, audited(actor, "product.duplicate", createdId, findProduct)),
    reorderProducts: (productIds: readonly string[], actor: AuditActor) =>
      reorderProducts(
        productIds,
        audited(actor, "product.reorder", "products", (r) => positions(productIds, (id) => r.products.findById(id))),
      ),

    uploadLogo: (bytes: Uint8Array) => uploadLogo(bytes, { storage: deps.logos, images: deps.images }),
    submitItemRequest: (input: ItemRequestInput & { clientKey: string }) => submitItemRequest(input, { requests: deps.itemRequests, clock, ids }),
    /** Adds the given games that are missing (the demo catalogue; idempotent, see seedCatalogue). */
    seedCatalogue: (games: readonly SeedGame[]) => seedCatalogue(games, { unitOfWork: deps.seeding, ids }),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
