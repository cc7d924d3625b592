import type { AppInstance } from '../../app-instance.ts';

// The general /calendar (spec 1 §2.6, §3.5; designs/hr.md §6): pre-wired by the lead; the helper building it fills this file.
export async function calendarRoutes(app: AppInstance): Promise<void> {
  void app;
}
