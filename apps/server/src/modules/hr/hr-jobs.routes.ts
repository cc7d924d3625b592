import type { AppInstance } from '../../app-instance.ts';

// HR jobs (designs/hr.md): pre-wired by the lead; the helper building it fills this file.
export async function hrJobsRoutes(app: AppInstance): Promise<void> {
  void app;
}
