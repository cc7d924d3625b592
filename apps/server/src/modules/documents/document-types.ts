import type { DocumentTypeModule } from './document-type.ts';
import { plainDocument } from './types/document.ts';

// Every document type the server renders, one file each (decision 0038). The plain document is this module's own; the
// others are registered by the module that owns their record, since documents sit below them (ARCHITECTURE.md, module
// layers): quote, invoice and po (purchase orders, staff only) by billing, the project overview by projects, the
// refresh strategy by strategies. src/document-types.ts registers them all, for the app and for the demo seed.
const modules = new Map<string, DocumentTypeModule<unknown>>([
  [plainDocument.type, plainDocument as DocumentTypeModule<unknown>],
]);

/** Adds a document type, by its `type`. */
export function registerDocumentType<View>(module: DocumentTypeModule<View>): void {
  modules.set(module.type, module as DocumentTypeModule<unknown>);
}

export const documentTypeModules: ReadonlyMap<string, DocumentTypeModule<unknown>> = modules;
