import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { countActions, type CatalogueImport, type CsvRecord, type ImportRow } from "./catalogue-csv.ts";
import { duplicateKey, headerProblem, kindOf } from "./catalogue-import-line.ts";
import { planEntry, type EntryPlan, type ImportEntry, type ImportHolder } from "./catalogue-import-plan.ts";
import type { CatalogueImportReads, CatalogueImportRepositories } from "./catalogue-import.port.ts";
import { catalogueImportRefused } from "./catalogue.errors.ts";
import type { Product } from "./product.ts";

/** Products checked (and written) at a time: what sits in memory as objects besides the answer's rows. */
export const IMPORT_BATCH = 500;

export interface CatalogueImportDeps {
  /** The one transaction an applied import runs in. */
  unitOfWork: UnitOfWork<CatalogueImportRepositories & Audited>;
  /** Reads outside a transaction, for a dry run (nothing to keep consistent with a write, and no writer held waiting). */
  reads: CatalogueImportReads;
  ids: IdGenerator;
  clock: Clock;
}

type Write = (plans: readonly EntryPlan[]) => Promise<void>;

/** Applying: the batch's products locked before they are read (what is read stays true until written), then written. */
interface Applying {
  lock(productIds: readonly string[]): Promise<void>;
  write: Write;
}

/** Reads the records a batch of entries at a time and plans each; `write` (when applying) gets every batch while no line is in error. */
async function planRecords(records: AsyncIterable<CsvRecord>, reads: CatalogueImportReads, applying: Applying | null): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  const games = await reads.games();
  const gameBySlug = new Map(games.map((g) => [g.slug.toLowerCase(), g]));
  const slugOf = new Map(games.map((g) => [g.id, g.slug]));
  const holdersOfGame = new Map<string, ImportHolder[]>();
  let failed = false;

  const flush = async (batch: ImportEntry[]) => {
    const ids = batch.map((e) => (e.product?.cells["id"] ?? "").trim()).filter((id) => id !== "");
    if (applying && !failed) await applying.lock(ids);
    const current = new Map((await reads.productsByIds(ids)).map((p) => [p.id, p]));
    const gameIdOf = (entry: ImportEntry) =>
      current.get((entry.product?.cells["id"] ?? "").trim())?.gameId ?? gameBySlug.get((entry.product?.cells["game"] ?? "").trim().toLowerCase())?.id;
    const missing = [...new Set(batch.map(gameIdOf))].filter((id): id is string => id !== undefined && !holdersOfGame.has(id));
    for (const id of missing) holdersOfGame.set(id, []);
    for (const holder of await reads.holdersOf(missing)) holdersOfGame.get(holder.gameId)!.push(holder);
    const holdings = Map.groupBy(await reads.holdingsOf([...current.keys()]), (h) => h.productId);
    const plans: EntryPlan[] = [];
    for (const entry of batch) {
      let duplicateOf: number | null = null;
      if (entry.product) {
        const key = duplicateKey(entry.product.cells);
        duplicateOf = seen.get(key) ?? null;
        if (duplicateOf === null) seen.set(key, entry.product.line);
      }
      const product: Product | null = current.get((entry.product?.cells["id"] ?? "").trim()) ?? null;
      const game = gameBySlug.get((entry.product?.cells["game"] ?? "").trim().toLowerCase()) ?? null;
      const plan = planEntry(entry, {
        current: product,
        currentGameSlug: product ? (slugOf.get(product.gameId) ?? null) : null,
        game,
        holders: holdersOfGame.get(game?.id ?? "") ?? [],
        holdings: product ? (holdings.get(product.id) ?? []) : [],
        duplicateOf,
      });
      rows.push(...plan.rows);
      if (plan.rows.some((row) => row.errors.length > 0)) failed = true;
      plans.push(plan);
    }
    if (applying && !failed) await applying.write(plans);
  };

  let batch: ImportEntry[] = [];
  let entry: ImportEntry | null = null;
  let first = true;
  for await (const record of records) {
    if (first) {
      first = false;
      const problem = headerProblem(record.cells);
      if (problem) return [{ line: 1, action: "error", errors: [problem] }];
    }
    if (kindOf(record.cells) === "holder" && entry) {
      entry.holders.push(record);
      continue;
    }
    if (batch.length >= IMPORT_BATCH) {
      await flush(batch);
      batch = [];
    }
    entry = kindOf(record.cells) === "holder" ? { product: null, holders: [record] } : { product: record, holders: [] };
    batch.push(entry);
  }
  if (batch.length > 0) await flush(batch);
  return rows;
}

/** Writes a batch's plans (its products already locked): new products at the end of their game, changed ones, then their holders' units and the recount. */
function writer(repos: CatalogueImportRepositories, ids: IdGenerator): Write {
  const nextOrder = new Map<string, number>();
  return async (plans) => {
    const recount: string[] = [];
    for (const plan of plans) {
      let productId = plan.holdings[0]?.productId ?? null;
      if (plan.product?.kind === "update") await repos.products.update(plan.product.product);
      if (plan.product?.kind === "create") {
        const { gameId } = plan.product.fields;
        const displayOrder = nextOrder.get(gameId) ?? (await repos.products.nextDisplayOrder(gameId));
        nextOrder.set(gameId, displayOrder + 1);
        productId = ids.newId();
        await repos.products.add({ ...plan.product.fields, id: productId, displayOrder });
      }
      for (const holding of plan.holdings) await repos.setHolding({ holderId: holding.holderId, productId: productId!, quantity: holding.quantity });
      if (plan.holdings.length > 0) recount.push(productId!);
    }
    await repos.recount(recount);
  };
}

/**
 * Imports the catalogue file, a batch at a time. A dry run answers each line's action and errors
 * and writes nothing; applied, every batch is written in one transaction while no line is in
 * error, and a line in error anywhere rolls all of it back (422 with every line's verdict). One
 * audit entry says who imported and what the lines did (none when nothing changed).
 */
export async function importCatalogue(
  records: AsyncIterable<CsvRecord>,
  options: { apply: boolean },
  actor: AuditActor,
  deps: CatalogueImportDeps,
): Promise<CatalogueImport> {
  if (!options.apply) {
    const rows = await planRecords(records, deps.reads, null);
    return { rows, counts: countActions(rows) };
  }
  return deps.unitOfWork.run(async (repos) => {
    const rows = await planRecords(records, repos, { lock: (ids) => repos.lock(ids), write: writer(repos, deps.ids) });
    const counts = countActions(rows);
    if (counts.error > 0) throw catalogueImportRefused(rows, counts);
    if (counts.create + counts.update > 0)
      await repos.audit.record({ actor, at: deps.clock.now(), kind: "product.import", entityId: "products", before: null, after: counts });
    return { rows, counts };
  });
}
