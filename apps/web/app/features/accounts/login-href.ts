/**
 * `/login?callback=…` for coming back to `path` after login. The callback keeps its slashes
 * readable (`/login?callback=/mypage`); the login action re-checks it with safeCallback.
 */
export function loginHref(path: string): string {
  return `/login?callback=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
}
