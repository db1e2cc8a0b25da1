import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Calendar rules of the store are computed in Japan time (ARCHITECTURE.md, "Money and time"). */
export const STORE_TIME_ZONE = 'Asia/Tokyo';

/** An injectable source of "now", so that calendar rules can be tested at any instant. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const inTokyo = (instant: Date | number): TZDate => new TZDate(typeof instant === 'number' ? instant : instant.getTime(), STORE_TIME_ZONE);

/** `yyyy年M月d日` in Asia/Tokyo (§9). */
export const formatJapaneseDate = (instant: Date | number): string => format(inTokyo(instant), 'yyyy年M月d日');

/** `yyyy-MM-dd` of the Tokyo calendar day that contains `instant`. */
export const tokyoDay = (instant: Date | number): string => format(inTokyo(instant), 'yyyy-MM-dd');

/** `M/d` in Asia/Tokyo, as on sale end dates and 'M/d販売' labels (§2, §9). */
export const formatMonthDay = (instant: Date | number): string => format(inTokyo(instant), 'M/d');
