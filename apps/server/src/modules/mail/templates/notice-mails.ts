import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import type { MailPayloads } from '../mail-kinds';
import { type MailContext, type RenderedMail, compose } from './layout';

const why: Record<MailPayloads['NEW_VOLUME']['reason'], string> = {
  WISH: 'ウィッシュリストに登録している作品',
  TITLE: '新刊通知をオンにしている作品',
  AUTHOR: '新刊通知をオンにしている作家の作品',
};

/** A notice mail: a new volume of a wished or followed title (it carries the unsubscribe link). */
export function newVolume(data: MailPayloads['NEW_VOLUME'], context: MailContext): RenderedMail {
  return compose(`新刊が配信されました：${data.titleName} ${data.vol}巻`, context, [
    { text: `${why[data.reason]}の新刊が${formatTokyoDate(data.releasedAt)}に配信されました。` },
    { rows: [['作品', `${data.titleName} ${data.vol}巻`]] },
    { link: { label: '作品ページを見る', url: `${context.publicUrl}/series_list/series_id=${data.titleId}?book_id=${data.bookId}` } },
    { note: 'お知らせメールの設定はマイページの「通知設定」から変更できます。' },
  ]);
}
