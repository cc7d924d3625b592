import type { AppInstance } from '../../app-instance.ts';

// HR forms (designs/hr.md): pre-wired by the lead; the helper building it fills this file.
export async function hrFormsRoutes(app: AppInstance): Promise<void> {
  void app;
}
