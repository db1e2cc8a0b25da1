import { formatAmount } from '@hondana/domain/common/format';
import { formatTokyoDate, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api/client';
import { invitationCopy, jaInvitations } from '../../../i18n/ja-invitations';
import { useCodeCampaign } from '../api/get-code-campaign';
import { useGrantInvitee } from '../api/grant-invitee';
import styles from './invitations.module.css';

/** The §8 message of a refused invitation. */
function invitationErrorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.errorCode : '';
  return code in jaInvitations.errors ? jaInvitations.errors[code as keyof typeof jaInvitations.errors] : invitationCopy('errors.other');
}

type AppealPageProps = {
  code: string;
  loggedIn: boolean;
  /** Just signed up through the link: the ticket is taken at once. */
  afterSignup: boolean;
  signupHref: string;
  loginHref: string;
};

/**
 * The invitation appeal page (`/invitation?code=`, §2): what the friend gets and on what terms,
 * and the way to signup (which keeps the code); a member takes the ticket here, and one who has
 * just signed up through the link gets it without another tap.
 */
export function AppealPage({ code, loggedIn, afterSignup, signupHref, loginHref }: AppealPageProps) {
  const campaign = useCodeCampaign(code);
  const grant = useGrantInvitee();
  const asked = useRef(false);
  useEffect(() => {
    if (afterSignup && loggedIn && campaign.isSuccess && !asked.current) {
      asked.current = true;
      grant.mutate(code);
    }
  }, [afterSignup, loggedIn, campaign.isSuccess, code, grant]);
  if (campaign.isPending && code !== '') return <p className={styles.page}>{invitationCopy('inviter.loading')}</p>;
  if (code === '' || campaign.isError) {
    return (
      <p className={styles.page} role="alert">
        {code === '' ? invitationCopy('errors.INVITATION_NOT_EXIST') : invitationErrorMessage(campaign.error)}
      </p>
    );
  }
  const k = campaign.data!;
  const amount = formatAmount(k.inviteeIncentive.amount);
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.campaignName}>{k.name}</p>
        <h1 className={styles.heading}>{invitationCopy('appeal.heading', { amount })}</h1>
        <p className={styles.period}>
          {invitationCopy('inviter.period', {
            start: formatTokyoDate(k.startDatetime),
            end: formatTokyoDeadline(k.endDatetime, 'long') ?? '',
          })}
        </p>
      </header>
      <p className={styles.lead}>{invitationCopy('appeal.lead', { amount })}</p>
      <p className={styles.terms}>
        {invitationCopy('appeal.terms', { min: formatAmount(k.inviteeIncentive.minCartPrice), days: k.inviteeIncentive.expireDays })}
      </p>
      {grant.isSuccess ? (
        <div className={styles.result} role="status">
          <p>
            {invitationCopy('appeal.received', {
              amount: formatAmount(grant.data.ticketDiscountAmount),
              date: formatTokyoDeadline(grant.data.expireDatetime, 'long') ?? '',
            })}
          </p>
          <a className={styles.primary} href="/cart">
            {invitationCopy('appeal.toCart')}
          </a>
        </div>
      ) : grant.isError ? (
        <p className={styles.notice} role="alert">
          {invitationErrorMessage(grant.error)}
        </p>
      ) : loggedIn ? (
        <button type="button" className={styles.primary} onClick={() => grant.mutate(code)} disabled={grant.isPending}>
          {grant.isPending ? invitationCopy('appeal.receiving') : invitationCopy('appeal.receive')}
        </button>
      ) : (
        <div className={styles.actions}>
          <a className={styles.primary} href={signupHref}>
            {invitationCopy('appeal.signup')}
          </a>
          <a className={styles.secondary} href={loginHref}>
            {invitationCopy('appeal.login')}
          </a>
        </div>
      )}
    </div>
  );
}
