import type { AppInstance } from '../../app-instance.ts';

/** The leads API: list, detail, notes, contacts, dispositions, convert, search_contacts, CRM settings (designs/crm-softphone.md §5). */
export async function crmLeadRoutes(app: AppInstance): Promise<void> {
  void app;
}
