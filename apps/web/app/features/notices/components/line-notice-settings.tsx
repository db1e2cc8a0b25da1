import type { NotificationSettings } from '@hondana/domain/notices/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import { followQuery } from '../api/follow-query';
import { saveNotificationSettings, setFollow } from '../api/newly';
import { notificationSettingsQuery } from '../api/notification-settings-query';
import styles from './notices-page.module.css';
import '../../../i18n/ja-notices';

type Status = 'idle' | 'saved' | 'failed';

/** `/series_list/line_notice/{titleId}`: follow the title or its authors, and pick the channels (LINE simulated). */
export function LineNoticeSettings(props: { titleId: number }) {
  return (
    <QueryProvider>
      <Settings {...props} />
    </QueryProvider>
  );
}

function Settings({ titleId }: { titleId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const followKey = followQuery(titleId).queryKey;
  const channelsKey = notificationSettingsQuery().queryKey;
  const followRead = useQuery(followQuery(titleId));
  const channelsRead = useQuery(notificationSettingsQuery());
  const [saved, setSaved] = useState<Status>('idle');
  const status: Status = followRead.isError || channelsRead.isError ? 'failed' : saved;
  const follow = followRead.data ?? null;
  const channels = channelsRead.data ?? null;

  // Each change shows at once, is saved, and is put back if saving fails.
  const followChange = useMutation({
    mutationFn: ({ type, on }: { type: 'title' | 'author'; on: boolean }) => setFollow(titleId, type, on),
    onMutate: ({ type, on }) => {
      const previous = queryClient.getQueryData(followKey);
      if (previous) queryClient.setQueryData(followKey, { ...previous, [type === 'title' ? 'titleStatus' : 'authorStatus']: on ? 1 : 0 });
      setSaved('idle');
      return previous;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(followKey, answer);
      setSaved('saved');
    },
    onError: (_error, _change, previous) => {
      queryClient.setQueryData(followKey, previous);
      setSaved('failed');
    },
  });
  const channelsChange = useMutation({
    mutationFn: saveNotificationSettings,
    onMutate: (next) => {
      const previous = queryClient.getQueryData(channelsKey);
      queryClient.setQueryData(channelsKey, next);
      setSaved('idle');
      return previous;
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(channelsKey, answer);
      setSaved('saved');
    },
    onError: (_error, _next, previous) => {
      queryClient.setQueryData(channelsKey, previous);
      setSaved('failed');
    },
  });
  const toggleFollow = (type: 'title' | 'author', on: boolean) => follow && followChange.mutate({ type, on });
  const toggleChannel = (key: keyof NotificationSettings, on: boolean) => channels && channelsChange.mutate({ ...channels, [key]: on });

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
            <input
              type="checkbox"
              checked={channels.linePushEnabled}
              onChange={(e) => toggleChannel('linePushEnabled', e.target.checked)}
            />
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
