import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { pushKeyQuery, pushSubscriptionsQuery, removePushSubscription, savePushSubscription } from '../api/push';
import { PushFailure, browserSubscription, browserSupportsPush, subscribeBrowser, unsubscribeBrowser } from '../push/browser-push';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** What this browser says before the member does anything (read after the page is shown). */
type BrowserState = { supported: false } | { supported: true; endpoint: string | null; permission: NotificationPermission };

async function readBrowser(): Promise<BrowserState> {
  if (!browserSupportsPush()) return { supported: false };
  const subscription = await browserSubscription().catch(() => null);
  return { supported: true, endpoint: subscription?.endpoint ?? null, permission: Notification.permission };
}

/**
 * プッシュ通知: this browser takes the notices (the new-volume notice, as the mail) as Web Push.
 * Turning it on asks the browser's permission, subscribes the store's service worker and hands
 * the subscription to the store; it shows on when the browser's subscription is one the store
 * has. Per browser: another device has its own switch.
 */
export function PushNotificationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [browser, setBrowser] = useState<BrowserState | null>(null);
  const stored = useQuery({ ...pushSubscriptionsQuery(), enabled: browser?.supported === true });

  useEffect(() => {
    let live = true;
    void readBrowser().then((state) => live && setBrowser(state));
    return () => {
      live = false;
    };
  }, []);

  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) {
        const { publicKey } = await queryClient.fetchQuery(pushKeyQuery());
        const subscription = await subscribeBrowser(publicKey);
        await savePushSubscription(subscription);
        return subscription.endpoint;
      }
      const endpoint = await unsubscribeBrowser();
      if (endpoint) await removePushSubscription(endpoint);
      return null;
    },
    onSettled: () => {
      if (typeof Notification !== 'undefined')
        setBrowser((state) => (state?.supported ? { ...state, permission: Notification.permission } : state));
      return queryClient.invalidateQueries({ queryKey: pushSubscriptionsQuery().queryKey });
    },
    onSuccess: (endpoint) => setBrowser((state) => (state?.supported ? { ...state, endpoint } : state)),
  });

  const enabled =
    browser?.supported === true &&
    browser.endpoint !== null &&
    (stored.data?.subscriptions.some((s) => s.endpoint === browser.endpoint) ?? false);
  const failure =
    toggle.error instanceof PushFailure
      ? t(`accountSettings.push.errors.${toggle.error.reason}`)
      : toggle.error
        ? t('accountSettings.push.errors.save')
        : null;
  const done = toggle.isSuccess ? t(toggle.variables ? 'accountSettings.push.turnedOn' : 'accountSettings.push.turnedOff') : null;

  return (
    <section className={styles.card} aria-labelledby="push-heading">
      <h2 id="push-heading" className={styles.cardHeading}>
        {t('accountSettings.push.title')}
      </h2>
      <p className={styles.cardLead}>{t('accountSettings.push.lead')}</p>
      <Outcome done={done} error={failure} />
      {browser?.supported === false && <p className={styles.cardLead}>{t('accountSettings.push.errors.unsupported')}</p>}
      {browser?.supported === true && browser.permission === 'denied' && !failure && (
        <p className={styles.cardLead}>{t('accountSettings.push.errors.denied')}</p>
      )}
      {browser?.supported === true && (stored.data || stored.isError) && (
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={toggle.isPending ? toggle.variables : enabled}
            disabled={toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
          />
          {t('accountSettings.push.toggle')}
        </label>
      )}
    </section>
  );
}
