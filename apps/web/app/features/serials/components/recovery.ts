import { recoveryTime } from '@hondana/domain/serials/serials';
import type { useTranslation } from '../../../i18n/i18n';
import '../../../i18n/ja-serials';

type T = ReturnType<typeof useTranslation>['t'];

/** §9 recovery text in the page's copy: まもなく, {n}分, {n}時間, {n}日. */
export function recoveryLabel(t: T, ms: number): string {
  const r = recoveryTime(ms);
  return r.unit === 'soon' ? t('serials.recovery.soon') : t(`serials.recovery.${r.unit}`, { n: r.value });
}
