import type { DocumentTypeModule } from './document-type.ts';
import { plainDocument } from './types/document.ts';
import { invoiceDocument } from './types/invoice.ts';
import { projectOverviewDocument } from './types/project-overview.ts';
import { quoteDocument } from './types/quote.ts';

// Every document type the server renders, one file each under types/ (decision 0038); po adds its own with the
// purchase orders (billing issue).
const modules = [quoteDocument, invoiceDocument, plainDocument, projectOverviewDocument] as DocumentTypeModule<never>[];

export const documentTypeModules: ReadonlyMap<string, DocumentTypeModule<unknown>> = new Map(
  modules.map((module) => [module.type, module as DocumentTypeModule<unknown>]),
);
