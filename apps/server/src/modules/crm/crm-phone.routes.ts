import type { AppInstance } from '../../app-instance.ts';

/** The softphone's calls: phone session, call records, calls/manage/* (designs/crm-softphone.md §5). */
export async function crmPhoneRoutes(app: AppInstance): Promise<void> {
  void app;
}
