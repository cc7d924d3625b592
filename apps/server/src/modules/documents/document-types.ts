import type { DocumentTypeModule } from './document-type.ts';
import { plainDocument } from './types/document.ts';
import { quoteDocument } from './types/quote.ts';

// Every document type the server renders, one file each under types/ (decision 0038); invoice, po and
// Project_Overview add theirs with their records (billing and projects issues).
const modules: DocumentTypeModule<never>[] = [quoteDocument, plainDocument] as DocumentTypeModule<never>[];

export const documentTypeModules: ReadonlyMap<string, DocumentTypeModule<unknown>> = new Map(
  modules.map((module) => [module.type, module as DocumentTypeModule<unknown>]),
);
