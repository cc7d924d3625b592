import type { AppInstance } from '../../app-instance.ts';

/** The voicemail drops: list, upload, rename, default, delete, audio (designs/crm-softphone.md §4.5, §5). */
export async function crmVoicemailRoutes(app: AppInstance): Promise<void> {
  void app;
}
