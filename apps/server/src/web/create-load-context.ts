import { adminContext } from '../modules/admin/load-context';
import type { LoginBody, SignupBody, Viewer } from '@hondana/domain/accounts/accounts-api';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/schema';
import * as accounts from '../modules/accounts/accounts.service';
import { appSessionHeaderOf } from '../modules/accounts/app-session';
import { readsInApp } from '../modules/accounts/app-settings.service';
import type { AuthAttempt, AuthAttemptKind } from '../modules/accounts/auth-attempts';
import { clearedSessionSetCookie, sessionSecret, sessionSetCookie, sessionUser } from '../modules/accounts/session-plugin';
import { type SessionUser, deleteSession } from '../modules/accounts/sessions';
import { getBookDetail } from '../modules/catalog/books.service';
import { keptTileList, topPageBooks } from '../modules/catalog/catalog.service';
import { getFreePage } from '../modules/catalog/free-books.service';
import { userToBook } from '../modules/catalog/recommendations.service';
import { searchByAuthor, searchKeyword } from '../modules/catalog/search.service';
import { getSeriesPage } from '../modules/catalog/titles.service';
import { getFreeRanking, getRankingPage } from '../modules/catalog/rankings.service';
import { lotteryContext } from '../modules/campaigns/load-context';
import { invitationsContext } from '../modules/invitations/load-context';
import { cartContext } from '../modules/cart/load-context';
import { readingContext } from '../modules/reading/load-context';
import { reviewsContext } from '../modules/reviews/load-context';
import { serialsContext } from '../modules/serials/load-context';
import { subscriptionsContext } from '../modules/wallet/load-context';
import type { AccountActionResult, StoreLoadContext } from './load-context';
import { myReviewPart } from './member-answers.repository';
import { memberBookDetail } from './member-book-detail';
import { type MemberPart, personalSection } from './member-part';

/** Counts a login or signup attempt of this request against its address's and account's limits. */
export type AuthAttemptLimiter = (request: FastifyRequest, kind: AuthAttemptKind, email: string) => Promise<AuthAttempt>;

/**
 * The `context` of React Router loaders and actions for one request: the member of the
 * session cookie and the server's use cases, called in-process (no HTTP hop).
 */
export async function createLoadContext(
  request: FastifyRequest,
  limits: { authAttempt: AuthAttemptLimiter },
  /**
   * For a member's page the member page cache may keep: the calls whose answers are the member's
   * own record them here (decision 029). Every call that depends on who the member is must
   * either record or mark the page personal, or one member's page could be served to another.
   */
  part?: MemberPart,
): Promise<StoreLoadContext> {
  const app = request.server;
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  const user = await sessionUser(request);
  const viewer = user ? toViewer(user) : null;

  async function signIn(kind: AuthAttemptKind, email: string, run: () => Promise<accounts.SignedIn>): Promise<AccountActionResult> {
    const attempt = await limits.authAttempt(request, kind, email);
    if (!attempt.allowed) {
      return { ok: false, status: 429, errorCode: ErrorCode.TOO_MANY_REQUESTS };
    }
    try {
      const signedIn = await run();
      await attempt.succeeded();
      return { ok: true, setCookie: sessionSetCookie(app, signedIn.sessionSecret) };
    } catch (error) {
      if (error instanceof AppError) return failure(error);
      throw error;
    }
  }

  const memberPart = viewer ? part : undefined;
  const reviews = reviewsContext(db, viewer?.userId ?? null);
  const cart = cartContext(db, now().getTime(), viewer?.adultState === 'ADULT', viewer?.userId ?? null);
  return {
    viewer,
    accounts: {
      signup: (body: SignupBody) => signIn('signup', body.email, () => accounts.signup(db, body, now())),
      login: (body: LoginBody) => signIn('login', body.email, () => accounts.login(db, body, now())),
      async logout() {
        const secret = sessionSecret(request);
        if (secret) await deleteSession(db, secret);
        return { setCookie: clearedSessionSetCookie(app) };
      },
      getProfile: (userId: number) => {
        memberPart?.personal();
        return accounts.getProfile(db, userId, now());
      },
      // The app wrapper's header and the member's app settings decide it: the page is theirs alone.
      readsInApp: () => {
        memberPart?.personal();
        return readsInApp(db, viewer?.userId ?? null, appSessionHeaderOf(request));
      },
    },
    catalog: catalogContext(db, viewer, now().getTime(), memberPart),
    reviews: memberPart
      ? {
          ratingSummary: reviews.ratingSummary,
          // The page shows of it only its id and kind (the member statement reads just those).
          myReview: (titleId) => memberPart.record('reviews.myReview', [titleId], () => reviews.myReview(titleId), myReviewPart),
          isWished: (titleId) => memberPart.record('reviews.isWished', [titleId], () => reviews.isWished(titleId)),
        }
      : reviews,
    reading: personalSection(readingContext(db, viewer, now().getTime(), app.deps.config.secrets.mediaUrlKey), memberPart),
    admin: personalSection(
      adminContext(db, viewer?.userId ?? null, () => sessionSecret(request)),
      memberPart,
    ),
    cart: memberPart
      ? {
          activeCount: () => memberPart.record('cart.activeCount', [], () => cart.activeCount()),
          guestCouponOffer: cart.guestCouponOffer,
          // Every viewer's: the volume's bonuses as the page read the volume for this viewer.
          volumeBonus: cart.volumeBonus,
          preOrderBonus: (bookId) => {
            memberPart.personal();
            return cart.preOrderBonus(bookId);
          },
        }
      : cart,
    serials: memberSerials(serialsContext(db, viewer, now().getTime()), memberPart),
    subscriptions: subscriptionsContext(db, now().getTime()),
    lottery: lotteryContext(db, now().getTime()),
    invitations: memberInvitations(invitationsContext(db, viewer?.userId ?? null, now().getTime()), memberPart),
  };
}

/** A code's campaign is the same for everyone; the inviter's code and counts are the member's alone (decision 029). */
function memberInvitations(invitations: StoreLoadContext['invitations'], part: MemberPart | undefined): StoreLoadContext['invitations'] {
  if (!part) return invitations;
  // The appeal is every guest's, and null for every member.
  return {
    codeCampaign: invitations.codeCampaign,
    nonLoginAppeal: invitations.nonLoginAppeal,
    inviterInfo: personalSection(invitations, part).inviterInfo,
  };
}

/**
 * The serial pages' member parts (decision 029). The ranking reads nothing of the member. The
 * home's member part is its 続きが読める連載 (recents, ranks and osusumes are the same for every
 * viewer of the adult state): recorded, so members with none share the page; a list with a
 * ticket still charging shows a countdown that changes every millisecond, so that page is the
 * member's alone. The detail page (episode states, tickets, ad reward, coin balances) is personal.
 */
function memberSerials(serials: StoreLoadContext['serials'], part: MemberPart | undefined): StoreLoadContext['serials'] {
  if (!part) return serials;
  return {
    ranking: serials.ranking,
    home: (q) =>
      part.record(
        'serials.home',
        [q],
        async () => {
          const home = await serials.home(q);
          if (home.histories.some((item) => item.timeToGivenNextNormalTicket !== 0)) part.personal();
          return home;
        },
        (home) => home.histories,
      ),
    detail: (q) => {
      part.personal();
      return serials.detail(q);
    },
  };
}

/** The catalog section of the context: every call sees only what this viewer may see (§6). */
function catalogContext(db: Db, viewer: Viewer | null, at: number, part: MemberPart | undefined): StoreLoadContext['catalog'] {
  const includeAdult = viewer?.adultState === 'ADULT';
  const userId = viewer?.userId ?? null;
  const now = () => at;
  const bookDetail: StoreLoadContext['catalog']['getBookDetail'] = (q) => getBookDetail(db, { ...q, includeAdult, userId, now: now() });
  return {
    now,
    // The top page's tile lists are every viewer's of an adult state: kept (`catalog/tile-lists.ts`).
    topPageBooks: (limit) =>
      keptTileList(db, `top:${limit}:${includeAdult}`, now(), () => topPageBooks(db, { limit, includeAdult, now: new Date(now()) })),
    // The series page reads nothing of the member's today; for a page the member cache may keep
    // it is asked as a guest's, so a member's mark added to it later cannot reach another member.
    getSeriesPage: (q) => getSeriesPage(db, { ...q, includeAdult, userId: part ? null : userId, now: now() }),
    // The member's marks of a volume (bought, reviewed, on my list, what their points depend on) are the member's part of it.
    getBookDetail:
      part && userId !== null
        ? (q) => part.recordWith('catalog.getBookDetail', () => memberBookDetail(db, { ...q, includeAdult, userId, now: now() }))
        : bookDetail,
    getRankingPage: (q) =>
      keptTileList(db, `ranking:${q.term}:${q.gender}:${q.page}:${includeAdult}`, now(), () =>
        getRankingPage(db, { ...q, includeAdult, now: now() }),
      ),
    getFreeRanking: (q) => getFreeRanking(db, { ...q, includeAdult, now: now() }),
    getFreePage: (q) =>
      keptTileList(db, `free:${q.pageType}:${includeAdult}`, now(), () => getFreePage(db, { ...q, includeAdult, now: now() })),
    searchKeyword: (q) => searchKeyword(db, { ...q, includeAdult }),
    searchByAuthor: (q) => searchByAuthor(db, { ...q, includeAdult }),
    // The top page's recommendations for the member: the whole list is their part.
    userToBook: async (q) => {
      if (userId === null) return [];
      const run = () => userToBook(db, { ...q, userId, includeAdult, now: now() });
      return part ? part.record('catalog.userToBook', [q], run) : run();
    },
  };
}

const toViewer = ({ userId, nickname, adultState }: SessionUser): Viewer => ({ userId, nickname, adultState });

function failure(error: AppError): AccountActionResult {
  const result = { ok: false as const, status: error.status, errorCode: error.errorCode };
  return error.messages ? { ...result, messages: error.messages } : result;
}
