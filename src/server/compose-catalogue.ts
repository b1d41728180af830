import type { Db } from "#adapters/db/database.ts";
import { createCatalogueAdminUnitOfWork } from "#adapters/repositories/catalogue-admin.unit-of-work.ts";
import { createCatalogueImportReads, createCatalogueImportUnitOfWork } from "#adapters/repositories/catalogue-import.repository.ts";
import { createCatalogueUnitOfWork } from "#adapters/repositories/catalogue.unit-of-work.ts";
import { createItemRequestRepository } from "#adapters/repositories/item-request.repository.ts";
import { createStockAlertRepository, createStockAlertsUnitOfWork } from "#adapters/repositories/stock-alerts.repository.ts";
import type { ImageStorage } from "#domain/shared/image-storage.port.ts";
import { createCatalogueModule } from "#domain/catalogue/catalogue.module.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { ImageProcessor } from "#domain/shared/image-processor.port.ts";
import { createStockAlertsModule } from "#domain/stock-alerts/stock-alerts.module.ts";

interface CatalogueWiring {
  db: Db;
  logos: ImageStorage;
  images: ImageProcessor;
  clock: Clock;
  ids: IdGenerator;
}

/** The catalogue, its item requests and the stock alerts, wired to their repositories: part of the composition root (app.ts). */
export function composeCatalogue({ db, logos, images, clock, ids }: CatalogueWiring) {
  const catalogue = createCatalogueModule({
    unitOfWork: createCatalogueAdminUnitOfWork(db, clock),
    seeding: createCatalogueUnitOfWork(db, clock),
    importing: { unitOfWork: createCatalogueImportUnitOfWork(db, clock), reads: createCatalogueImportReads(db) },
    itemRequests: createItemRequestRepository(db),
    logos,
    images,
    ids,
    clock,
  });
  // A product made for an item request is the catalogue's (audited like any other); the request waits for it.
  const stockAlerts = createStockAlertsModule({
    ...{ alerts: createStockAlertRepository(db), linking: createStockAlertsUnitOfWork(db) },
    ...{ clock, ids, createProduct: catalogue.createProduct },
  });
  return { catalogue, stockAlerts };
}
