import type { DocumentTypeModule } from './document-type.ts';
import { plainDocument } from './types/document.ts';
import { invoiceDocument } from './types/invoice.ts';
import { projectOverviewDocument } from './types/project-overview.ts';
import { purchaseOrderDocument } from './types/purchase-order.ts';
import { quoteDocument } from './types/quote.ts';
import { refreshStrategyDocument } from './types/refresh-strategy.ts';

// Every document type the server renders, one file each under types/ (decision 0038): quote, invoice and po
// (purchase orders, staff only) for billing, the plain document, and the project overview.
const modules = [
  quoteDocument,
  invoiceDocument,
  purchaseOrderDocument,
  plainDocument,
  projectOverviewDocument,
  refreshStrategyDocument,
] as DocumentTypeModule<never>[];

export const documentTypeModules: ReadonlyMap<string, DocumentTypeModule<unknown>> = new Map(
  modules.map((module) => [module.type, module as DocumentTypeModule<unknown>]),
);
