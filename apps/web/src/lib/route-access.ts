import type { PermissionName, SessionUser } from '@switchboard/shared';

type Params = Readonly<Record<string, string | undefined>>;

/** What each route of the route map records besides its path (react-router `handle`). */
export interface RouteHandle {
  /** The route names of spec 1 §2.1 (login, EditCompany, PDFViewer...). */
  name?: string;
  /** Page title; the document title is reset to it (or to the product name) on every navigation. */
  title?: string;
  /** The product area a not-yet-built page belongs to, named by the placeholder page. */
  area?: string;
  /** Every one of these permissions is required (spec 1 §2.5, §6); a function for gates that depend on a parameter. */
  permissions?: readonly PermissionName[] | ((params: Params) => readonly PermissionName[]);
  /** Without the permissions, redirect here instead of showing the no-permission text (billing → /dashboard). */
  deniedRedirect?: string;
  /** Client users may open the page (set on the page route itself); everything else is for employees only. */
  clientAllowed?: boolean;
  /** Only users of role admin may open it; others see the not-found screen (spec 1 §2.6 /users). */
  adminOnly?: boolean;
  /** Parameters that must be digits when present; otherwise the path does not exist (e.g. ledger id). */
  numericParams?: readonly string[];
}

export interface RouteMatchLike {
  handle?: unknown;
  params: Params;
}

export type RouteAccess =
  { kind: 'allowed' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' } | { kind: 'not-found' };

export function routeHandle(match: RouteMatchLike): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

function requiredPermissions(handle: RouteHandle, params: Params): readonly PermissionName[] {
  if (!handle.permissions) return [];
  return typeof handle.permissions === 'function' ? handle.permissions(params) : handle.permissions;
}

/** Decides, from the matched routes of the route map, whether the signed-in user may see the page. */
export function evaluateRouteAccess(
  matches: readonly RouteMatchLike[],
  user: Pick<SessionUser, 'type' | 'role'>,
  permissions: readonly string[],
): RouteAccess {
  const handles = matches.map((match) => ({ handle: routeHandle(match), params: match.params }));

  for (const { handle, params } of handles) {
    for (const name of handle.numericParams ?? []) {
      const value = params[name];
      if (value !== undefined && !/^\d+$/.test(value)) return { kind: 'not-found' };
    }
    if (handle.adminOnly && user.role !== 'admin') return { kind: 'not-found' };
  }

  const missingAny = (handle: RouteHandle, params: Params) =>
    requiredPermissions(handle, params).some((name) => !permissions.includes(name));

  // Gates that send the user elsewhere come first (billing without 'view billing' goes to /dashboard).
  for (const { handle, params } of handles) {
    if (handle.deniedRedirect && missingAny(handle, params)) return { kind: 'redirect', to: handle.deniedRedirect };
  }

  // The page route is the deepest match that carries a handle; layout routes above it only add gates.
  const page = [...handles].reverse().find(({ handle }) => Object.keys(handle).length > 0)?.handle;
  if (user.type !== 'Employee' && !page?.clientAllowed) return { kind: 'forbidden' };

  for (const { handle, params } of handles) {
    if (missingAny(handle, params)) return { kind: 'forbidden' };
  }
  return { kind: 'allowed' };
}

/** The page title of the deepest route that names one. */
export function titleFromMatches(matches: readonly RouteMatchLike[]): string | undefined {
  return [...matches]
    .reverse()
    .map(routeHandle)
    .find((handle) => handle.title)?.title;
}
