import type { DocumentTypeModule } from './document-type.ts';
import { plainDocument } from './types/document.ts';
import { projectOverviewDocument } from './types/project-overview.ts';
import { quoteDocument } from './types/quote.ts';

// Every document type the server renders, one file each under types/ (decision 0038); invoice and po add theirs
// with their records (billing issue).
const modules = [quoteDocument, plainDocument, projectOverviewDocument] as DocumentTypeModule<never>[];

export const documentTypeModules: ReadonlyMap<string, DocumentTypeModule<unknown>> = new Map(
  modules.map((module) => [module.type, module as DocumentTypeModule<unknown>]),
);
