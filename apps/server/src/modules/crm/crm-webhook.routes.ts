import type { AppInstance } from '../../app-instance.ts';

/** The provider's signed webhooks (outside the bearer guard) (designs/crm-softphone.md §5). */
export async function crmTelephonyWebhookRoutes(app: AppInstance): Promise<void> {
  void app;
}
