import type { AppInstance } from './app-instance.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { billingItemRoutes } from './modules/billing-items/billing-items.routes.ts';
import { contractRoutes } from './modules/contracts/contracts.routes.ts';
import { flagRoutes } from './modules/flags/flags.routes.ts';
import { networkGradeRoutes } from './modules/network-grades/network-grades.routes.ts';
import { deviceRoutes } from './modules/devices/devices.routes.ts';
import { phoneNumberRoutes } from './modules/phone-numbers/phone-numbers.routes.ts';
import { heldMailRoutes } from './modules/tickets/held-mail.routes.ts';
import { ticketRoutes } from './modules/tickets/tickets.routes.ts';
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
import { userAdminRoutes } from './modules/users/users.routes.ts';
import { ptoRoutes } from './modules/pto/pto.routes.ts';
import { holidayRoutes } from './modules/holidays/holidays.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { quoteRoutes } from './modules/billing/quotes.routes.ts';
import { invoiceRoutes } from './modules/billing/invoices.routes.ts';
import { purchaseOrderRoutes } from './modules/billing/purchase-orders.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { projectStepRoutes } from './modules/projects/project-step.routes.ts';
import { templateRoutes } from './modules/projects/templates.routes.ts';
import { noteRoutes } from './modules/notes/notes.routes.ts';
import { brandingRoutes } from './modules/documents/branding.routes.ts';

/** Every module's routes, under /api. Each route is guarded by the bearer token unless its config says public. */
export async function registerRoutes(app: AppInstance): Promise<void> {
  await app.register(
    async (api: AppInstance) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(sessionRoutes);
      await api.register(mailRoutes);
      await api.register(referenceRoutes);
      await api.register(companyRoutes);
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
      await api.register(deviceRoutes);
      await api.register(phoneNumberRoutes);
      await api.register(ticketRoutes);
      await api.register(heldMailRoutes);
      await api.register(documentRoutes);
      await api.register(quoteRoutes);
      await api.register(invoiceRoutes);
      await api.register(purchaseOrderRoutes);
      await api.register(projectRoutes);
      await api.register(projectStepRoutes);
      await api.register(templateRoutes);
      await api.register(noteRoutes);
      await api.register(brandingRoutes);
    },
    { prefix: '/api' },
  );
}
