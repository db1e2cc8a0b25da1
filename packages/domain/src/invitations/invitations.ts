/**
 * Friend invitations as pure rules (§1, §3 Invitation campaign, §5): the inviter's coins by
 * step, the limit and the maximum, and the weighted length of share text.
 */

/** One step of the inviter's incentive: manga coins for one achieved invitation, valid for `expireDays`. */
export interface InviterStep {
  mangaCoinAmount: number;
  expireDays: number;
}

interface InviterIncentive {
  limit: number;
  useSteps: boolean;
  steps: readonly InviterStep[];
}

/** How many achieved invitations earn coins: the steps' count when steps are used, else the limit. */
export function invitationLimit(incentive: InviterIncentive): number {
  return incentive.useSteps ? Math.min(incentive.limit, incentive.steps.length) : incentive.steps.length > 0 ? incentive.limit : 0;
}

/** §5 inviter maximum: sum of the step amounts when steps are used, else limit × the first step's amount. */
export function inviterMaximum(incentive: InviterIncentive): number {
  if (incentive.useSteps) return incentive.steps.slice(0, invitationLimit(incentive)).reduce((sum, s) => sum + s.mangaCoinAmount, 0);
  return invitationLimit(incentive) * (incentive.steps[0]?.mangaCoinAmount ?? 0);
}

/**
 * The step earned by the invitation achieved after `achievedCount` others: the next step when
 * steps are used, the first step otherwise; null once the limit is reached.
 */
export function nextInviterStep(incentive: InviterIncentive, achievedCount: number): InviterStep | null {
  if (achievedCount < 0 || achievedCount >= invitationLimit(incentive)) return null;
  return (incentive.useSteps ? incentive.steps[achievedCount] : incentive.steps[0]) ?? null;
}

export const limitReached = (incentive: InviterIncentive, achievedCount: number): boolean => achievedCount >= invitationLimit(incentive);

/** §5 share text length: printable ASCII (0x20–0x7E) counts 0.5, every other character 1. */
export function weightedLength(text: string): number {
  let length = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    length += code >= 0x20 && code <= 0x7e ? 0.5 : 1;
  }
  return length;
}

/** The share text's title bounds: under 19 weighted characters for the anniversary text, under 25 otherwise. */
const titleBound = (anniversary: boolean) => (anniversary ? 19 : 25);

/** §5: the Twitter variant uses the shorter text when the title's weighted length is outside 0 to under the bound. */
export function shortTwitterText(title: string, anniversary: boolean): boolean {
  const w = weightedLength(title);
  return !(w >= 0 && w < titleBound(anniversary));
}

/** §5: the closing line is the shorter one when the title's weighted length is 9 to under the bound. */
export function shortClosingLine(title: string, anniversary: boolean): boolean {
  const w = weightedLength(title);
  return w >= 9 && w < titleBound(anniversary);
}

/** §9 tracking refs of the inviter page. */
export const InvitationRef = { SHARE_MODAL_END_READING: 'launch_invitation-shareModal_endReading', INVITATION: 'invitation' } as const;

/** Invitation codes are 8 to 16 upper-case letters and digits. */
export const INVITATION_CODE = /^[A-Z0-9]{8,16}$/;

/** Where a short link is shared (§3 Short links). */
export const SHARE_DESTINATIONS = ['web', 'twitter', 'line'] as const;
export type ShareDestination = (typeof SHARE_DESTINATIONS)[number];
