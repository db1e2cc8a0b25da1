import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getNoticeCount } from './newly';

/**
 * `GET /api/user/get_notice_count`, read again on every page the member goes to (the path is in
 * the key; the last count shows meanwhile).
 */
export const noticeCountQuery = (pathname: string) =>
  queryOptions({ queryKey: ['notices', 'count', pathname], queryFn: getNoticeCount, staleTime: 0, placeholderData: keepPreviousData });
