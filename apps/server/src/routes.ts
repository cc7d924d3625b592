import type { AppInstance } from './app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { companyRoutes } from './modules/companies/companies.routes.ts';
import { employeeRoutes } from './modules/employees/employees.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';

/** Every module's routes, under /api. Each route is guarded by the bearer token unless its config says public. */
export async function registerRoutes(app: AppInstance): Promise<void> {
  await app.register(
    async (api: AppInstance) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(referenceRoutes);
      await api.register(companyRoutes);
      await api.register(employeeRoutes);
    },
    { prefix: '/api' },
  );
}
