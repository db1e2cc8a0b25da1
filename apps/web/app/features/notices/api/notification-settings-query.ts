import { queryOptions } from '@tanstack/react-query';
import { getNotificationSettings } from './newly';

/** `GET /api/user/notification_settings/v2`: the member's notification channels. */
export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: ['notices', 'notification-settings'], queryFn: getNotificationSettings });
