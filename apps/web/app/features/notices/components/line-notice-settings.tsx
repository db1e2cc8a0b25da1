import type { NewlyNoticeSetting, NotificationSettings } from '@hondana/domain/notices/notices';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { getFollow, getNotificationSettings, saveNotificationSettings, setFollow } from '../api/newly';
import styles from './notices-page.module.css';
import '../../../i18n/ja-notices';

type Status = 'idle' | 'saved' | 'failed';

/** `/series_list/line_notice/{titleId}`: follow the title or its authors, and pick the channels (LINE simulated). */
export function LineNoticeSettings({ titleId }: { titleId: number }) {
  const { t } = useTranslation();
  const [follow, setFollowState] = useState<NewlyNoticeSetting | null>(null);
  const [channels, setChannels] = useState<NotificationSettings | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  useEffect(() => {
    Promise.all([getFollow(titleId), getNotificationSettings()])
      .then(([f, c]) => {
        setFollowState(f);
        setChannels(c);
      })
      .catch(() => setStatus('failed'));
  }, [titleId]);

  /** Shows the change at once, saves it, and puts the previous state back if saving fails. */
  async function run(apply: () => void, save: () => Promise<void>, revert: () => void) {
    apply();
    setStatus('idle');
    try {
      await save();
      setStatus('saved');
    } catch {
      revert();
      setStatus('failed');
    }
  }
  function toggleFollow(type: 'title' | 'author', on: boolean) {
    if (!follow) return;
    const key = type === 'title' ? 'titleStatus' : 'authorStatus';
    void run(
      () => setFollowState({ ...follow, [key]: on ? 1 : 0 }),
      async () => setFollowState(await setFollow(titleId, type, on)),
      () => setFollowState(follow),
    );
  }
  function toggleChannel(key: keyof NotificationSettings, on: boolean) {
    if (!channels) return;
    const next = { ...channels, [key]: on };
    void run(
      () => setChannels(next),
      async () => setChannels(await saveNotificationSettings(next)),
      () => setChannels(channels),
    );
  }

  return (
    <div className={styles.panel}>
      {follow && (
        <fieldset className={styles.group}>
          <label className={styles.toggle}>
            <input type="checkbox" checked={follow.titleStatus === 1} onChange={(e) => toggleFollow('title', e.target.checked)} />
            {t('notices.lineNotice.titleFollow')}
          </label>
          <label className={styles.toggle}>
            <input type="checkbox" checked={follow.authorStatus === 1} onChange={(e) => toggleFollow('author', e.target.checked)} />
            {t('notices.lineNotice.authorFollow')}
          </label>
        </fieldset>
      )}
      {channels && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('notices.lineNotice.channels')}</legend>
          <label className={styles.toggle}>
            <input type="checkbox" checked={channels.linePushEnabled} onChange={(e) => toggleChannel('linePushEnabled', e.target.checked)} />
            {t('notices.lineNotice.line')}
          </label>
          <label className={styles.toggle}>
            <input type="checkbox" checked={channels.appPushEnabled} onChange={(e) => toggleChannel('appPushEnabled', e.target.checked)} />
            {t('notices.lineNotice.app')}
          </label>
          <label className={styles.toggle}>
            <input
              type="checkbox"
              checked={channels.amebaNotificationEnabled}
              onChange={(e) => toggleChannel('amebaNotificationEnabled', e.target.checked)}
            />
            {t('notices.lineNotice.site')}
          </label>
        </fieldset>
      )}
      <p role="status" className={status === 'failed' ? styles.error : styles.note}>
        {status === 'saved' ? t('notices.lineNotice.saved') : status === 'failed' ? t('notices.lineNotice.failed') : ''}
      </p>
    </div>
  );
}
