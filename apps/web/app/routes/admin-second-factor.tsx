import { data, redirect, useNavigate } from 'react-router';
import { AdminForbidden } from '../features/admin/components/admin-shell';
import styles from '../features/admin/components/admin.module.css';
import own from '../features/admin/components/second-factor.module.css';
import { CheckSecondFactor, EnrolPasskey, EnrolTotp } from '../features/admin/components/second-factor-forms';
import { adminNext, requestedPage } from '../features/admin/second-factor-next';
import { loginHref } from '../features/accounts/login-href';
import { secondFactorCopy } from '../i18n/ja-admin-second-factor';
import type { Route } from './+types/admin-second-factor';

export const meta: Route.MetaFunction = () => [{ title: secondFactorCopy('meta.title') }, { name: 'robots', content: 'noindex' }];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * `/admin/second-factor?next=…`: where the console sends a staff member who has not given the
 * second factor in this sign-in: the enrolment when none is enrolled (a TOTP authenticator or a
 * passkey), else the check (the passkey when they have one, the code, a recovery code). Once
 * given, the console page they asked for (`next`, a console path) opens.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.viewer) throw redirect(loginHref(requestedPage(url)));
  const role = await context.admin.role();
  if (!role) return data({ role: null, enrolled: false, totp: false, passkeys: 0, next: '/' }, { status: 403 });
  const next = adminNext(url.searchParams.get('next'), role);
  const factor = await context.admin.secondFactor();
  if (factor.checked) throw redirect(next);
  return { role, enrolled: factor.enrolled, totp: factor.totp, passkeys: factor.passkeys, next };
}

export default function AdminSecondFactor({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  if (!loaderData.role) return <AdminForbidden />;
  return (
    <main className={own.page}>
      <h1 className={styles.heading}>{loaderData.enrolled ? secondFactorCopy('check.heading') : secondFactorCopy('enrol.heading')}</h1>
      {loaderData.enrolled ? (
        <section className={styles.section}>
          <p>
            {loaderData.passkeys === 0
              ? secondFactorCopy('check.lead')
              : loaderData.totp
                ? secondFactorCopy('check.leadPasskey')
                : secondFactorCopy('check.leadPasskeyOnly')}
          </p>
          <CheckSecondFactor passkey={loaderData.passkeys > 0} onPassed={() => navigate(loaderData.next, { replace: true })} />
        </section>
      ) : (
        <>
          <p>{secondFactorCopy('enrol.lead')}</p>
          <EnrolTotp next={loaderData.next} />
          <EnrolPasskey next={loaderData.next} />
        </>
      )}
    </main>
  );
}
