import type { SignupBody, LoginBody, UserProfile, Viewer } from '@hondana/domain/accounts/accounts-api';
import type { RankGender, RankingTerm } from '@hondana/domain/catalog/rankings';
import type { BookDetail } from '@hondana/domain/catalog/books-api';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import type { RecommendedBook } from '@hondana/domain/catalog/recommendations-api';
import type { AuthorSearchResult, KeywordSearchResult } from '@hondana/domain/catalog/search-api';
import type { SeriesPage } from '@hondana/domain/catalog/titles-api';
import type { RankingEntry, RankingPage } from '@hondana/domain/catalog/rankings-api';
import type { AdminPageContext } from '../modules/admin/load-context';
import type { CartPageContext } from '../modules/cart/load-context';
import type { ReadingPageContext } from '../modules/reading/load-context';
import type { ReviewsPageContext } from '../modules/reviews/load-context';
import type { LotteryPageContext } from '../modules/campaigns/load-context';
import type { InvitationsPageContext } from '../modules/invitations/load-context';
import type { SerialsPageContext } from '../modules/serials/load-context';
import type { SubscriptionsPageContext } from '../modules/wallet/load-context';

/** What an account action hands back to a page: the cookie to set, or the error to show. */
export type AccountActionResult = { ok: true; setCookie: string } | { ok: false; status: number; errorCode: string; messages?: string[] };

/**
 * What React Router loaders and actions receive as `context` (see app/routes/*): the server's
 * use cases, called in-process (ARCHITECTURE.md, "How a request flows"). The web app imports
 * this type only, never the server's code.
 */
export interface StoreLoadContext {
  /**
   * What the page writes in its `nonce` attributes (entry.server.tsx): the web plugin's marker,
   * which each response's own nonce replaces as the page is sent (`http/content-security-policy.ts`).
   */
  cspNonce?: string;
  viewer: Viewer | null;
  /** The operator console: the viewer's role (null for none); the console's data comes from /api/admin. */
  admin: AdminPageContext;
  accounts: {
    /** Both are rate-limited per client address like `/api/auth/*` (TOO_MANY_REQUESTS, 429). */
    signup(body: SignupBody): Promise<AccountActionResult>;
    login(body: LoginBody): Promise<AccountActionResult>;
    /** Ends the current session (if any) and returns the cookie that clears it. */
    logout(): Promise<{ setCookie: string }>;
    getProfile(userId: number): Promise<UserProfile>;
    /** §2 'read in app': this page request came from the app wrapper, or the member's app settings say they use it. */
    readsInApp(): Promise<boolean>;
  };
  /**
   * Catalog use cases for the store pages. Adult (R18) content is included only when the
   * viewer's adult state is ADULT (§6); the request's instant is `now()`.
   */
  catalog: {
    /** The request's instant (epoch ms) from the server's clock: tile labels are computed at it. */
    now(): number;
    /** Book tiles for the top page, newest first, adult titles excluded unless the viewer is ADULT. */
    topPageBooks(limit: number): Promise<BookTile[]>;
    /**
     * The series page of a title (volumes 30 a page, ascending); null when it does not exist.
     * An R18 title the viewer may not see comes with `adultGate` and no content.
     */
    getSeriesPage(q: { titleId: number; volumePage: number }): Promise<SeriesPage | null>;
    /** §3 Book detail of one volume; null when it does not exist or the viewer may not see it. */
    getBookDetail(q: { bookId: number }): Promise<BookDetail | null>;
    getRankingPage(q: { term: RankingTerm; gender: RankGender; page: number }): Promise<RankingPage>;
    /** 無料マンガランキング: at most `limit` entries, ranks 10 or better. */
    getFreeRanking(q: { pageType: string; limit: number }): Promise<RankingEntry[]>;
    /** `/free`: free books ending soonest, newly free books, and the free ranking of a shelf. */
    getFreePage(q: { pageType: string }): Promise<{ closely: BookTile[]; newly: BookTile[]; ranking: RankingEntry[] }>;
    searchKeyword(q: { word: string; offset: number; limit: number }): Promise<KeywordSearchResult>;
    searchByAuthor(q: { authorId: number; page: number }): Promise<AuthorSearchResult>;
    /** Recommendations for the signed-in member from their history; [] for a guest. */
    userToBook(q: { limit: number }): Promise<RecommendedBook[]>;
  };
  /** Reviews and my list for the series page and the review editor (areas reviews, notices). */
  reviews: ReviewsPageContext;
  /** The reader (area reading). */
  reading: ReadingPageContext;
  /** Cart and coupons. */
  cart: CartPageContext;
  /** The serial pages (area serials); adult serials only for a viewer whose age is confirmed (§4, §6). */
  serials: SerialsPageContext;
  /** The manga coin subscription page (area wallet): the plans are the same for every viewer. */
  subscriptions: SubscriptionsPageContext;
  /** The lottery pages (area campaigns). */
  lottery: LotteryPageContext;
  /** The invitation appeal and inviter pages (area invitations). */
  invitations: InvitationsPageContext;
}
