import type { AppInstance } from './app-instance.ts';
import { registerDocumentTypes } from './document-types.ts';
import { clientMapRoutes } from './modules/client-map/client-map.routes.ts';
import { techResourceRoutes } from './modules/tech-resources/tech-resources.routes.ts';
import { whiteboardRoutes } from './modules/whiteboard/whiteboard.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { isCompanyPrimaryUser } from './modules/companies/client-company.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { companyDetailParts } from './company-detail-parts.ts';
import { billingItemRoutes } from './modules/billing-items/billing-items.routes.ts';
import { contractRoutes } from './modules/contracts/contracts.routes.ts';
import { flagRoutes } from './modules/flags/flags.routes.ts';
import { networkGradeRoutes } from './modules/network-grades/network-grades.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { deviceUseChecks } from './modules/strategies/strategy-references.ts';
import { phoneNumberRoutes } from './modules/phone-numbers/phone-numbers.routes.ts';
import { heldMailRoutes } from './modules/tickets/held-mail.routes.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { stepTicketRules } from './modules/projects/step-ticket-rules.ts';
import { createMaintenanceTicket, exchangeOfAttachment } from './modules/maintenance/maintenance.service.ts';
import { downloadRoutes } from './modules/files/download.routes.ts';
import { employeeRoutes } from './modules/employees/employees.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.ts';
import { sessionRoutes } from './modules/sessions/sessions.routes.ts';
import { permissionRoutes } from './modules/permissions/permissions.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { timeclockRoutes } from './modules/timeclock/timeclock.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { userAdminRoutes } from './modules/users-admin/users.routes.ts';
import { ptoRoutes } from './modules/pto/pto.routes.ts';
import { holidayRoutes } from './modules/holidays/holidays.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { quoteRoutes } from './modules/quotes/quotes.routes.ts';
import { invoiceRoutes } from './modules/billing/invoices.routes.ts';
import { invoiceSourceRoutes } from './modules/billing/invoice-sources.routes.ts';
import { billingCatalogueRoutes } from './modules/billing/billing-catalogue.routes.ts';
import { billingQuoteRoutes } from './modules/billing/billing-quotes.routes.ts';
import { paymentRoutes } from './modules/billing/payments.routes.ts';
import { billingRunRoutes } from './modules/billing/billing-runs.routes.ts';
import { billingReportRoutes } from './modules/billing/billing-reports.routes.ts';
import { billingHomeRoutes } from './modules/billing/billing-home.routes.ts';
import { invoiceDeliveryRoutes } from './modules/billing/invoice-delivery.routes.ts';
import { purchaseOrderRoutes } from './modules/billing/purchase-orders.routes.ts';
import { vendorRoutes } from './modules/billing/vendors.routes.ts';
import { ledgerRoutes } from './modules/billing/ledger.routes.ts';
import { taxRateRoutes } from './modules/billing/tax-rates.routes.ts';
import { inventoryRoutes } from './modules/billing/inventory.routes.ts';
import { receiptRoutes } from './modules/billing/receipts.routes.ts';
import { billRoutes } from './modules/billing/bills.routes.ts';
import { ledgerReportRoutes } from './modules/billing/billing-reports-ledger.routes.ts';
import { salesReportRoutes } from './modules/billing/billing-reports-sales.routes.ts';
import { bankReconciliationRoutes } from './modules/billing/bank-reconciliation.routes.ts';
import { hrBaseRoutes } from './modules/hr/hr-base.routes.ts';
import { hrRequestsRoutes } from './modules/hr/hr-requests.routes.ts';
import { hrAnonRoutes } from './modules/hr/hr-anon.routes.ts';
import { hrJobsRoutes } from './modules/hr/hr-jobs.routes.ts';
import { hrFormsRoutes } from './modules/hr/hr-forms.routes.ts';
import { hrCalendarRoutes } from './modules/hr/hr-calendar.routes.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { hrReportRoutes } from './modules/hr/hr-reports.routes.ts';
import { crmLeadRoutes } from './modules/crm/crm-leads.routes.ts';
import { crmPhoneRoutes } from './modules/crm/crm-phone.routes.ts';
import { crmTelephonyWebhookRoutes } from './modules/crm/crm-webhook.routes.ts';
import { crmAdminRoutes } from './modules/crm/crm-admin.routes.ts';
import { crmReportRoutes } from './modules/crm/crm-reports.routes.ts';
import { crmVoicemailRoutes } from './modules/crm/crm-voicemails.routes.ts';
import { crmDialerRoutes } from './modules/crm/crm-dialer.routes.ts';
import { crmImportRoutes } from './modules/crm/crm-imports.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { projectStepRoutes } from './modules/projects/project-step.routes.ts';
import { approvalRoutes } from './modules/projects/approvals.routes.ts';
import { templateRoutes } from './modules/projects/templates.routes.ts';
import { projectQuoteRoutes } from './modules/projects/project-quotes.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { registerNoteKind } from './modules/notes/note-kinds.ts';
import { ticketNoteKind } from './modules/tickets/ticket-note-kind.ts';
import { brandingRoutes } from './modules/documents/branding.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { strategyRoutes } from './modules/strategies/strategies.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { shipmentRoutes } from './modules/shipments/shipments.routes.ts';
import { upkeepRoutes } from './modules/upkeep/upkeep.routes.ts';

/** Every module's routes, under /api. Each route is guarded by the bearer token unless its config says public. */
export async function registerRoutes(app: AppInstance): Promise<void> {
  // Documents render the types of the modules above them (decision 0038).
  registerDocumentTypes();
  // Co-edited notes (plugins/collab.ts, notes routes) by kind: a ticket's notes.
  registerNoteKind('ticket', ticketNoteKind);
  await app.register(
    async (api: AppInstance) => {
      await api.register(healthRoutes);
      // Auth sits below companies: whether a shadowing's target is a company's primary user is handed in.
      await api.register(authRoutes, { shadowTargets: { isCompanyPrimaryUser } });
      await api.register(passwordResetRoutes);
      await api.register(sessionRoutes);
      await api.register(mailRoutes);
      await api.register(referenceRoutes);
      // Companies sit below the modules whose parts the company detail shows: they are handed in.
      await api.register(companyRoutes, { detailParts: companyDetailParts });
      await api.register(clientMapRoutes);
      await api.register(techResourceRoutes);
      await api.register(clientRoutes);
      await api.register(employeeRoutes);
      await api.register(permissionRoutes);
      await api.register(settingsRoutes);
      await api.register(notificationRoutes);
      await api.register(timeclockRoutes);
      await api.register(searchRoutes);
      await api.register(userAdminRoutes);
      await api.register(ptoRoutes);
      await api.register(holidayRoutes);
      await api.register(downloadRoutes);
      await api.register(billingItemRoutes);
      await api.register(contractRoutes);
      await api.register(flagRoutes);
      await api.register(networkGradeRoutes);
      // Devices sit below strategies: whether a strategy picks a device or a drive is handed in.
      await api.register(deviceRoutes, { useChecks: deviceUseChecks });
      await api.register(phoneNumberRoutes);
      // Tickets sit below projects and maintenance (ARCHITECTURE.md, module layers): what those decide is handed in.
      await api.register(ticketRoutes, {
        stepTickets: stepTicketRules,
        maintenance: { createTicket: createMaintenanceTicket, exchangeOfAttachment },
      });
      await api.register(heldMailRoutes);
      await api.register(documentRoutes);
      await api.register(quoteRoutes);
      await api.register(invoiceRoutes);
      await api.register(invoiceSourceRoutes);
      await api.register(purchaseOrderRoutes);
      await api.register(vendorRoutes);
      await api.register(ledgerRoutes);
      await api.register(taxRateRoutes);
      await api.register(billingCatalogueRoutes);
      // Billing quotes: their tax and conversion are billing's, which quotes (layer 12) may not import.
      await api.register(billingQuoteRoutes);
      await api.register(paymentRoutes);
      await api.register(billingRunRoutes);
      await api.register(billingReportRoutes);
      await api.register(ledgerReportRoutes);
      await api.register(salesReportRoutes);
      await api.register(bankReconciliationRoutes);
      await api.register(inventoryRoutes);
      await api.register(receiptRoutes);
      await api.register(billRoutes);
      await api.register(hrBaseRoutes);
      await api.register(hrRequestsRoutes);
      await api.register(hrAnonRoutes);
      await api.register(hrJobsRoutes);
      await api.register(hrFormsRoutes);
      await api.register(hrCalendarRoutes);
      await api.register(calendarRoutes);
      await api.register(hrReportRoutes);
      await api.register(crmLeadRoutes);
      await api.register(crmPhoneRoutes);
      await api.register(crmTelephonyWebhookRoutes);
      await api.register(crmVoicemailRoutes);
      await api.register(crmAdminRoutes);
      await api.register(crmDialerRoutes);
      await api.register(crmImportRoutes);
      await api.register(crmReportRoutes);
      await api.register(billingHomeRoutes);
      await api.register(invoiceDeliveryRoutes);
      await api.register(projectRoutes);
      await api.register(projectStepRoutes);
      await api.register(approvalRoutes);
      await api.register(templateRoutes);
      await api.register(projectQuoteRoutes);
      await api.register(noteRoutes);
      await api.register(brandingRoutes);
      await api.register(maintenanceRoutes);
      await api.register(strategyRoutes);
      await api.register(reportRoutes);
      await api.register(shipmentRoutes);
      await api.register(upkeepRoutes);
      await api.register(whiteboardRoutes);
      await api.register(chatRoutes);
    },
    { prefix: '/api' },
  );
}
