import type { AppInstance } from '../../app-instance.ts';

// Lead imports and exports (designs/crm-softphone.md §2.4, §5): GET/POST /api/crm/imports (multipart), GET /{id},
// GET /{id}/errors; POST /api/crm/exports, GET /{id}/file. Built by this session's import helper.
export async function crmImportRoutes(app: AppInstance): Promise<void> {
  void app;
}
