import type { AppInstance } from '../../app-instance.ts';

// HR anon (designs/hr.md): pre-wired by the lead; the helper building it fills this file.
export async function hrAnonRoutes(app: AppInstance): Promise<void> {
  void app;
}
