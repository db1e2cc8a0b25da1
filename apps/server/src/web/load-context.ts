import type { AdultState, SignupBody, LoginBody, UserProfile } from '@hondana/domain/accounts';
import type { BookTile } from '../modules/catalog/catalog.types';

/** The signed-in member a page is rendered for, read from the session cookie by the server. */
export interface Viewer {
  userId: number;
  nickname: string;
  adultState: AdultState;
}

/** What an account action hands back to a page: the cookie to set, or the error to show. */
export type AccountActionResult =
  | { ok: true; setCookie: string }
  | { ok: false; status: number; errorCode: string; messages?: string[] };

/**
 * What React Router loaders and actions receive as `context` (see app/routes/*): the server's
 * use cases, called in-process (ARCHITECTURE.md, "How a request flows"). The web app imports
 * this type only, never the server's code.
 */
export interface StoreLoadContext {
  viewer: Viewer | null;
  accounts: {
    /** Both are rate-limited per client address like `/api/auth/*` (TOO_MANY_REQUESTS, 429). */
    signup(body: SignupBody): Promise<AccountActionResult>;
    login(body: LoginBody): Promise<AccountActionResult>;
    /** Ends the current session (if any) and returns the cookie that clears it. */
    logout(): Promise<{ setCookie: string }>;
    getProfile(userId: number): Promise<UserProfile>;
  };
  catalog: {
    /** Book tiles for the top page, newest first, adult titles excluded unless the viewer is ADULT. */
    topPageBooks(limit: number): Promise<BookTile[]>;
  };
}
