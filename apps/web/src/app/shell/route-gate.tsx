import { Navigate, Outlet, useMatches } from 'react-router';
import { NoPermission } from '../../components/no-permission.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { evaluateRouteAccess } from '../../lib/route-access.ts';

/** Applies the gates recorded in the route map (spec 1 §2.5, §6) to the page about to render. */
export function RouteGate() {
  const matches = useMatches();
  const user = useAuth((s) => s.user);
  const permissions = useAuth((s) => s.permissions);
  if (!user) return null;

  const access = evaluateRouteAccess(matches, user, permissions);
  switch (access.kind) {
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'forbidden':
      return <NoPermission />;
    case 'not-found':
      return <NotFoundPage />;
    default:
      return <Outlet />;
  }
}
