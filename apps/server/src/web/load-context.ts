import type { AdultState, SignupBody, LoginBody, UserProfile } from '@hondana/domain/accounts/accounts-api';
import type { RankGender, RankingTerm } from '@hondana/domain/catalog/rankings';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import type { RatingSummary, Review } from '@hondana/domain/reviews/reviews';
import type { GuestCouponOffer } from '@hondana/domain/cart/coupon-banner';
import type { PreOrderBookBonus } from '@hondana/domain/orders/pre-orders';
import type { Serial, SerialAdultGate, SerialDetailPage, SerialHomePage } from '@hondana/domain/serials/serials-api';
import type { BookDetail } from '@hondana/domain/catalog/books-api';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import type { RecommendedBook } from '@hondana/domain/catalog/recommendations-api';
import type { AuthorSearchResult, KeywordSearchResult } from '@hondana/domain/catalog/search-api';
import type { SeriesPage } from '@hondana/domain/catalog/titles-api';
import type { RankingEntry, RankingPage } from '@hondana/domain/catalog/rankings-api';

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
  /** The operator console: the viewer's role (null for none); the console's data comes from /api/admin. */
  admin: {
    role(): Promise<'operator' | 'support' | null>;
  };
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
  reviews: {
    ratingSummary(titleId: number): Promise<RatingSummary>;
    /** The viewer's own live review of the title; null for a guest or none. */
    myReview(titleId: number): Promise<Review | null>;
    /** The title is on the viewer's list (false for a guest). */
    isWished(titleId: number): Promise<boolean>;
  };
  /** The reader (area reading). */
  reading: {
    /**
     * §7 bookinfo/v2 for this viewer (page URLs signed for their entitlement); null when the
     * book does not exist or they may not see it (R18 without a confirmed adult, §6).
     */
    getViewerInfo(q: { bookId: number }): Promise<ViewerInfo | null>;
    /** Whether the book is R18 and this viewer has not passed the age check (§4 adult gate): the viewer asks first. */
    needsAdultCheck(q: { bookId: number }): Promise<boolean>;
  };
  /** Cart and coupons. */
  cart: {
    /** The open guest coupon of the login-appeal banner (§3 Guest coupon, §5); null when none. */
    guestCouponOffer(): Promise<GuestCouponOffer | null>;
    /** What pre-ordering the volume now earns (§3 Pre-order bonus); null unless it is open for pre-order to this viewer. */
    preOrderBonus(bookId: number): Promise<PreOrderBookBonus | null>;
    /** How many books the member's cart holds to buy now (0 for a guest): the header's count. */
    activeCount(): Promise<number>;
  };
  /** The serial pages (area serials); adult serials only for a viewer whose age is confirmed (§4, §6). */
  serials: {
    /** `/serial`: recents (of `category` when given), the top of the read ranking, the member's 続きが読める連載, osusumes. */
    home(q: { category: string | null }): Promise<SerialHomePage>;
    /** `/serial/ranking/general/{page}`: serials by reads. */
    ranking(q: { offset: number; limit: number }): Promise<{ rank: number; serial: Serial }[]>;
    /** `/serial/detail/{serialId}`: null when it does not exist; only the age dialog for an adult serial the viewer may not see. */
    detail(q: { serialId: number }): Promise<SerialDetailPage | SerialAdultGate | null>;
  };
}
