import { invoiceDocument } from './modules/billing/invoice.document.ts';
import { purchaseOrderDocument } from './modules/billing/purchase-order.document.ts';
import { quoteDocument } from './modules/quotes/quote.document.ts';
import { registerDocumentType } from './modules/documents/document-types.ts';
import { proposalDocument } from './modules/crm/crm-proposal.document.ts';
import { hrFormDocument, hrFormVersionDocument } from './modules/hr/hr-forms.document.ts';
import { projectOverviewDocument } from './modules/projects/project-overview.document.ts';
import { refreshStrategyDocument } from './modules/strategies/refresh-strategy.document.ts';

/**
 * The document types of the modules above documents (decision 0038), registered with the documents module. Called by
 * registerRoutes and by the demo seed, which renders documents without the app.
 */
export function registerDocumentTypes(): void {
  registerDocumentType(quoteDocument);
  registerDocumentType(invoiceDocument);
  registerDocumentType(purchaseOrderDocument);
  registerDocumentType(projectOverviewDocument);
  registerDocumentType(refreshStrategyDocument);
  registerDocumentType(hrFormDocument);
  registerDocumentType(hrFormVersionDocument);
  registerDocumentType(proposalDocument);
}
