import { authStore } from './auth-store.ts';

/** Default login URL (spec 1 §9) when the user has not chosen one. */
export const defaultLoginUrl = '/dashboard';

/** Spec 1 §2.3, §3.2: the signed-in user's default_login_url setting (a same-origin path), else /dashboard. */
export function userDefaultLoginUrl(): string {
  const chosen = authStore.getState().user?.settings?.default_login_url;
  return chosen && isSafeAppPath(chosen) ? chosen : defaultLoginUrl;
}

function isSafeAppPath(path: string): boolean {
  return safeRedirectTarget(path, '') !== '';
}

/** /login?redirect=<path and query> for a page that needs a signed-in user (spec 1 §2.2). */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}`;
  if (target === '/' || target === '' || location.pathname === '/login') return '/login';
  return `/login?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * The redirect parameter when it is a same-origin path ('/...', not '//host' or '/\\host') other than the auth
 * screens; otherwise `fallback` (the user's default login URL).
 */
export function safeRedirectTarget(redirect: string | null | undefined, fallback: string = defaultLoginUrl): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return fallback;
  let url: URL;
  try {
    url = new URL(redirect, 'http://switchboard.invalid');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://switchboard.invalid') return fallback;
  if (['/login', '/logout', '/forgot-password'].includes(url.pathname) || url.pathname.startsWith('/reset-password')) {
    return fallback;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
