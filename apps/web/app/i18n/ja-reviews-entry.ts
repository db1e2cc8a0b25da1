import { registerCopy } from './i18n';

/** Review copy the series page renders before the review list loads (decision 008). */
const jaReviewsEntry = {
  heading: 'レビュー',
  summaryLabel: '平均評価 {{average}}（{{count}}件）',
  count: '{{count}}件のレビュー',
  starRow: '星{{star}}つ',
  starShare: '{{count}}件',
  write: 'レビューを書く',
  edit: '編集',
  loading: '読み込み中…',
} as const;

declare module './i18n' {
  interface AreaCopy {
    reviewsEntry: typeof jaReviewsEntry;
  }
}

registerCopy('reviewsEntry', jaReviewsEntry);
