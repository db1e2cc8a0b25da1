import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n';
import { endOtherSessions, endSession, sessionsQuery, settingsError } from '../api/account-settings';
import { Outcome } from './settings-page';
import styles from './settings.module.css';

/** The member's signed-in devices, with ログアウト per device and for all the others. */
export function SessionsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
  const endOne = useMutation({ mutationFn: endSession, onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: refresh });
  const list = sessions.data?.sessions ?? [];
  const failure = endOne.error ?? endOthers.error ?? sessions.error;
  return (
    <section className={styles.card} aria-label={t('accountSettings.sessions.title')}>
      <Outcome
        done={endOne.isSuccess || endOthers.isSuccess ? t('accountSettings.sessions.ended') : null}
        error={failure ? settingsError(failure) : null}
      />
      <ul>
        {list.map((s) => (
          <li key={s.id} className={styles.row}>
            <div className={styles.rowText}>
              <span className={styles.rowTitle}>
                {s.device}
                {s.current && <span className={styles.badge}>{t('accountSettings.sessions.current')}</span>}
              </span>
              <span>{t('accountSettings.sessions.lastSeen', { at: formatTokyoDateTime(Date.parse(s.lastSeenAt)) })}</span>
              <span>{t('accountSettings.sessions.since', { at: formatTokyoDateTime(Date.parse(s.createdAt)) })}</span>
              <span>{s.place ? t('accountSettings.sessions.place', { place: s.place }) : t('accountSettings.sessions.placeUnknown')}</span>
            </div>
            {!s.current && (
              <button
                type="button"
                className={styles.secondary}
                aria-label={t('accountSettings.sessions.logoutOf', { device: s.device })}
                onClick={() => endOne.mutate(s.id)}
                disabled={endOne.isPending}
              >
                {t('accountSettings.sessions.logout')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.isSuccess &&
        (list.length > 1 ? (
          <button type="button" className={styles.danger} onClick={() => endOthers.mutate()} disabled={endOthers.isPending}>
            {t('accountSettings.sessions.logoutOthers')}
          </button>
        ) : (
          <p className={styles.notice}>{t('accountSettings.sessions.none')}</p>
        ))}
    </section>
  );
}
