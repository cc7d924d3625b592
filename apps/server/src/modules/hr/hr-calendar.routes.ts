import type { AppInstance } from '../../app-instance.ts';

// HR calendar (designs/hr.md): pre-wired by the lead; the helper building it fills this file.
export async function hrCalendarRoutes(app: AppInstance): Promise<void> {
  void app;
}
