/** Default login URL (spec 1 §9; the user setting default_login_url comes later). */
export const defaultLoginUrl = '/dashboard';

/** /login?redirect=<path and query> for a page that needs a signed-in user (spec 1 §2.2). */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}`;
  if (target === '/' || target === '' || location.pathname === '/login') return '/login';
  return `/login?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * The redirect parameter when it is a same-origin path ('/...', not '//host' or '/\\host') other than the auth
 * screens; otherwise the default login URL.
 */
export function safeRedirectTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return defaultLoginUrl;
  let url: URL;
  try {
    url = new URL(redirect, 'http://switchboard.invalid');
  } catch {
    return defaultLoginUrl;
  }
  if (url.origin !== 'http://switchboard.invalid') return defaultLoginUrl;
  if (['/login', '/logout', '/forgot-password'].includes(url.pathname) || url.pathname.startsWith('/reset-password')) {
    return defaultLoginUrl;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
