/**
 * §4 subscription teaser modes (manga coin, guest, none) on the coin shop, the wallet and the
 * viewer's coin appeal, decided from the good-value appeal the server answers.
 */

/**
 * The good-value appeal's status (§3): ACTIVE when there is a plan to appeal with; SUBSCRIBED
 * when the member already holds a subscription and UNAVAILABLE when no plan is sold for the
 * payment type, the two statuses that hide the teaser.
 */
export const AppealStatus = { ACTIVE: 'ACTIVE', SUBSCRIBED: 'SUBSCRIBED', UNAVAILABLE: 'UNAVAILABLE' } as const;
export type AppealStatus = (typeof AppealStatus)[keyof typeof AppealStatus];
const HIDDEN_APPEAL_STATUSES: readonly AppealStatus[] = [AppealStatus.SUBSCRIBED, AppealStatus.UNAVAILABLE];

type TeaserMode = 'mangaCoin' | 'guest' | 'none' | 'placeholder';

interface TeaserInput {
  /** The appeal's request: pending while it loads. */
  request: 'pending' | 'done' | 'failed';
  appeal: { status: AppealStatus; loggedIn: boolean; plan: object | null } | null;
}

/**
 * Which teaser shows: none when the appeal failed or its status is one of the two hidden ones
 * with no plan; a placeholder (keeping the space, so nothing jumps) while the appeal is pending,
 * or active with no plan yet; otherwise the guest teaser for a guest and the manga coin teaser
 * for a member.
 */
export function subscriptionTeaserMode({ request, appeal }: TeaserInput): TeaserMode {
  if (request === 'failed') return 'none';
  if (request === 'pending' || appeal === null) return request === 'pending' ? 'placeholder' : 'none';
  if (appeal.plan === null) return HIDDEN_APPEAL_STATUSES.includes(appeal.status) ? 'none' : 'placeholder';
  if (HIDDEN_APPEAL_STATUSES.includes(appeal.status)) return 'none';
  return appeal.loggedIn ? 'mangaCoin' : 'guest';
}
