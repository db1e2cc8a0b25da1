import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n';
import { notificationSettingsQuery, saveNotificationSettings, settingsError } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** The notice mails' switch: the same one each notice mail's unsubscribe link turns off. */
export function MailNotificationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery());
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (answer) => queryClient.setQueryData(notificationSettingsQuery().queryKey, answer),
  });
  return (
    <section className={styles.card} aria-label={t('accountSettings.notification.title')}>
      <Outcome done={save.isSuccess ? t('accountSettings.saved') : null} error={save.isError ? settingsError(save.error) : null} />
      {settings.data && (
        <label className={styles.toggle}>
          <input
            type="checkbox"
            checked={save.isPending ? save.variables.mailNotificationEnabled : settings.data.mailNotificationEnabled}
            onChange={(e) => save.mutate({ ...settings.data, mailNotificationEnabled: e.target.checked })}
          />
          {t('accountSettings.notification.mail')}
        </label>
      )}
    </section>
  );
}
