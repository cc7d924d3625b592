import type { AppInstance } from '../../app-instance.ts';

// HR requests (designs/hr.md): pre-wired by the lead; the helper building it fills this file.
export async function hrRequestsRoutes(app: AppInstance): Promise<void> {
  void app;
}
