/**
 * Serials API contract (§3 Serial, Serial episode, Episode user data, Serial user data,
 * Suggested episode, Serial history item, User serial ticket and ad reward, Rental request
 * body; §7 "Serials and episodes"). All under /api; JSON camelCase; parameters as §7 names them.
 */
import { z } from 'zod';
import { idListParam, idParam, tokenParam } from '../common/params';
import { OkStatus } from '../common/responses';
import { PagesData } from '../reading/reading-api';
import type { SpendType, TicketState } from './serials';

const intParam = (min: number, max: number) =>
  z.coerce.number({ message: 'must be an integer' }).int('must be an integer').min(min).max(max);

/** The serial routes' path ids, named as §7 names them (a bad one is answered 400 naming it). */
export const SerialIdPath = z.object({ serial_id: idParam });
export const EpisodeIdPath = z.object({ serial_episode_id: idParam });
export const IdPath = z.object({ id: idParam });
export const TokenQuery = z.object({ token: tokenParam });
export const PageQuery = z.object({
  offset: intParam(0, 100_000).optional().default(0),
  limit: intParam(1, 100).optional().default(20),
});
export const CategoryPageQuery = PageQuery.extend({ category: z.string().max(40).optional() });
export const EpisodesQuery = PageQuery.extend({
  serial_id: idParam,
  sort: z.enum(['sequence', '-sequence'], { message: 'must be sequence or -sequence' }).optional().default('sequence'),
});
export const RecommendsQuery = z.object({
  serial_id: idParam.optional(),
  /**
   * §7 `type`: how the recommendations are chosen. `popular` (the default): the most read
   * serials; `new`: the latest released episodes first; `same_category`: the serials of
   * `serial_id`'s category (the others when none is left).
   */
  type: z.enum(['popular', 'new', 'same_category'], { message: 'must be popular, new or same_category' }).optional().default('popular'),
  limit: intParam(1, 12).optional().default(12),
  healthy_only: z.enum(['0', '1', 'true', 'false']).optional(),
});
/** `GET /serials/by_meta`: `meta_id` is the genre of the serial's title. */
export const ByMetaQuery = PageQuery.extend({ meta_id: idParam });
/**
 * `DELETE /serials/user_histories/me?token=&serial_id=`: with `serial_id`, that serial leaves the
 * member's history; without it, every serial does (すべて削除), in one step, under the same one-time token.
 */
export const HistoryDeleteQuery = z.object({ serial_id: idParam.optional(), token: tokenParam });
export const SuggestionQuery = z.object({ serial_episode_id: idParam });

/** `GET /serials?serial_id=1,2`: the serials named (without it, the most recent). */
export const SerialIdsQuery = z.object({ serial_id: idListParam.optional() });
/** `GET /serials/by_title?title_id=`. */
export const TitleIdQuery = z.object({ title_id: idParam });
/** `GET /user_serials/me/?serial_id=`, `/user_serial_episodes/me/?serial_id=`. */
export const SerialIdQuery = z.object({ serial_id: idParam });
/** `GET /user_serial_episodes/me/` (§7 serial_id or serial_episode_id): a serial's episodes, or the one episode named. */
export const UserEpisodesQuery = z
  .object({ serial_id: idParam.optional(), serial_episode_id: idParam.optional() })
  .refine((q) => q.serial_id !== undefined || q.serial_episode_id !== undefined, { message: 'is required', path: ['serial_id'] });
/** `POST /user_serial_ad_reward/me/use?token=&serial_id=`. */
export const AdRewardUseQuery = z.object({ token: tokenParam, serial_id: idParam });

/** Rental request body (§3): price, spend_type, payment_type (0 coin, 2 manga coin). */
export const RentalBody = z.object({
  price: intParam(0, 1_000_000),
  spend_type: intParam(0, 3).optional(),
  payment_type: intParam(0, 2).optional(),
});

// —— responses ——————————————————————————————————————————————————————————————

const int = z.number().int();
/** Epoch milliseconds. */
const millis = z.number();
const spendType = z.literal([0, 1, 2, 3]) satisfies z.ZodType<SpendType>;
const status = OkStatus;

const SerialImages = z.object({
  /** 522×327 images at the §9 widths (webp and jpg). */
  small: z.string(),
  medium: z.string(),
  large: z.string(),
});
type SerialImages = z.infer<typeof SerialImages>;

export const Serial = z.object({
  id: int,
  name: z.string(),
  title: z.string(),
  description: z.string(),
  images: SerialImages,
  colors: z.object({ themeColor: z.string(), subColor: z.string() }),
  ticketUsable: z.boolean(),
  rewardUsable: z.boolean(),
  chargeMinutes: int,
  rentalMinutes: int,
  orderOnly: z.boolean(),
  releasedEpisodeCount: int,
  totalEpisodeCount: int,
  categoryIds: z.array(z.string()),
  readCount: int,
  titleId: int.nullable(),
  expired: z.boolean(),
  totalPage: int,
});
export type Serial = z.infer<typeof Serial>;

export const SerialEpisode = z.object({
  id: int,
  serialId: int,
  title: z.string(),
  orderSequence: int,
  price: int,
  spendType,
  releaseDatetime: millis,
  released: z.boolean(),
  bookId: int.nullable(),
  /** The volume number of `bookId`, when there is one. */
  vol: int.nullable(),
  pageCount: int,
  layoutType: int,
});
export type SerialEpisode = z.infer<typeof SerialEpisode>;

export const EpisodeUserData = z.object({
  serialEpisodeId: int,
  renting: z.boolean(),
  /** Epoch ms the rental ends (RENTAL_FOREVER for permanent), null when not rented. */
  rentalPeriodTime: millis.nullable(),
  personalizedSpendType: spendType,
  /** The price after §4's final price rule. */
  finalPrice: int,
  read: z.boolean(),
});
export type EpisodeUserData = z.infer<typeof EpisodeUserData>;

/** `GET /user_serials/me/{serial_id}` and `/user_serials/me/?serial_id=`. */
export const SerialUserData = z.object({
  serialId: int,
  charged: z.boolean(),
  chargeRemainingMilliSec: millis,
  newEpisodeFlg: z.boolean(),
  notification: z.boolean(),
});
export type SerialUserData = z.infer<typeof SerialUserData>;

export const SuggestedEpisode = z.object({
  id: int,
  price: int,
  spendType: spendType.nullable(),
  pageImageUrl: z.string(),
  title: z.string(),
  orderSequence: int,
  renting: z.boolean(),
  rentalPeriodTime: millis.nullable(),
});
export type SuggestedEpisode = z.infer<typeof SuggestedEpisode>;

/** The serial an episode belongs to, as the viewer and its last page show it. */
const EpisodeSerial = z.object({ id: int, name: z.string(), titleId: int.nullable(), rentalMinutes: int });

/** `GET /serial_episodes/{serial_id}/suggestions/v2` (and `/me`): what the last page shows next. */
export const SuggestionResponse = z.object({
  kind: z.enum(['episode', 'last', 'expired', 'waiting']),
  episode: SuggestedEpisode.nullable(),
  serial: EpisodeSerial,
  /** The volume collecting the current episode, if a book exists. */
  book: z.object({ bookId: int, vol: int }).nullable(),
});
export type SuggestionResponse = z.infer<typeof SuggestionResponse>;

export const SerialHistoryItem = z.object({
  id: int,
  imageUrl: z.string(),
  title: z.string(),
  ticketUsable: z.boolean(),
  hasNormalTicket: z.boolean(),
  timeToGivenNextNormalTicket: millis,
  hasNewEpisode: z.boolean(),
  lastEpisodeId: int.nullable(),
  lastReadAt: millis,
});
export type SerialHistoryItem = z.infer<typeof SerialHistoryItem>;

/** Special tickets or ad rewards held (`/user_serial_ticket/me`, `/serials/tickets/me`, `/user_serial_ad_reward/me`). */
export const UserSerialTicket = z.object({
  amount: int,
  maxAmount: int,
  nextGiveDate: millis,
  remainingMilliSec: millis,
}) satisfies z.ZodType<TicketState>;
export type UserSerialTicket = TicketState;

/** `POST /user_serial_episodes/{id}/rental`. */
export const RentalResult = z.object({
  serialEpisodeId: int,
  spendType,
  price: int,
  rentalPeriodTime: millis,
});
export type RentalResult = z.infer<typeof RentalResult>;

/** `GET /serial_episode_browsers/{serial_episode_id}`: the viewer's episode, pages like bookinfo/v2. */
export const EpisodeBrowser = z.object({
  episode: SerialEpisode,
  serial: EpisodeSerial,
  layoutType: int,
  renting: z.boolean(),
  rentalPeriodTime: millis.nullable(),
  prevEpisodeId: int.nullable(),
  nextEpisodeId: int.nullable(),
  pages_data: PagesData,
});
export type EpisodeBrowser = z.infer<typeof EpisodeBrowser>;

/** `GET /serial_osusumes` and `/serial_osusumes/{osusume_id}`: an editorial list of serials. */
export const SerialOsusume = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  serials: z.array(Serial),
});
export type SerialOsusume = z.infer<typeof SerialOsusume>;

/** `GET /serial_osusumes`: a page of the lists running now, `total` of them. */
export const SerialOsusumeList = z.object({ total: int, osusumes: z.array(SerialOsusume) });
export type SerialOsusumeList = z.infer<typeof SerialOsusumeList>;

/** `GET /serial_osusumes/{osusume_id}`: one list with a page of its serials, `total` of them. */
export const SerialOsusumePage = SerialOsusume.extend({ total: int });
export type SerialOsusumePage = z.infer<typeof SerialOsusumePage>;

/** `GET /serials/typicals`: the most read serial of each category. */
export const SerialTypical = z.object({
  category: z.string(),
  categoryName: z.string(),
  serial: Serial,
});
export type SerialTypical = z.infer<typeof SerialTypical>;
export const SerialTypicals = z.object({ typicals: z.array(SerialTypical) });
export type SerialTypicals = z.infer<typeof SerialTypicals>;

/** `GET /serials/by_meta`. */
export const SerialByMeta = z.object({
  metaId: int,
  /** The genre's name. */
  name: z.string(),
  total: int,
  serials: z.array(Serial),
});
export type SerialByMeta = z.infer<typeof SerialByMeta>;

/** `GET /serials/{serial_id}/read_ranks`: rank by reads overall (`general`) and in the serial's category. */
export const SerialReadRanks = z.object({
  serialId: int,
  readCount: int,
  ranks: z.array(z.object({ category: z.string(), rank: int.nullable(), total: int })),
});
export type SerialReadRanks = z.infer<typeof SerialReadRanks>;

/** `GET /serials`, `/serials/recents`, `/serials/by_title` and `/serials/recommends`. */
export const SerialList = z.object({ serials: z.array(Serial) });
export type SerialList = z.infer<typeof SerialList>;

/** `GET /serial_read_ranks`: serials by reads, each with its rank. */
export const SerialRankList = z.object({ ranks: z.array(z.object({ rank: int, serial: Serial })) });
export type SerialRankList = z.infer<typeof SerialRankList>;

/** `GET /serial_episodes?serial_id=`: a page of the serial's episodes, `total` of them. */
export const SerialEpisodeList = z.object({ total: int, episodes: z.array(SerialEpisode) });
export type SerialEpisodeList = z.infer<typeof SerialEpisodeList>;

/** `GET /user_serial_episodes/me/?serial_id=`: episode user data of every episode of the serial. */
export const UserEpisodeList = z.object({ episodes: z.array(EpisodeUserData) });
export type UserEpisodeList = z.infer<typeof UserEpisodeList>;

/** `GET /serial_episodes/{serial_id}/order_only_free/me`: the episode the member may read free next, if any. */
export const OrderOnlyFreeEpisode = z.object({ serialEpisodeId: int.nullable() });
export type OrderOnlyFreeEpisode = z.infer<typeof OrderOnlyFreeEpisode>;

/** `GET /serials/tickets/exists`: a special ticket is held (3 of 3 for a guest). */
export const TicketExists = z.object({ exists: z.boolean() });
export type TicketExists = z.infer<typeof TicketExists>;

/** `GET /serials/user_histories/me` and `/serials/user_continuable_reading/me`. */
export const SerialHistoryList = z.object({ histories: z.array(SerialHistoryItem) });
export type SerialHistoryList = z.infer<typeof SerialHistoryList>;

/** `GET /serials/user_continuable_reading/notice`: how many serials can be read on. */
export const ContinuableCount = z.object({ count: int });
export type ContinuableCount = z.infer<typeof ContinuableCount>;

/** An episode opened with the normal ticket. */
export const ChargeHistoryItem = z.object({
  serialEpisodeId: int,
  serialId: int,
  /** The episode's title. */
  title: z.string(),
  serialName: z.string(),
  /** Epoch ms the episode was rented. */
  chargedAt: millis,
  /** Coins (or manga coins) paid. */
  price: int,
  paymentType: z.enum(['COIN', 'MANGA_COIN']),
  /** Epoch ms the rental ends (RENTAL_FOREVER for permanent). */
  rentalEnd: millis,
});
export type ChargeHistoryItem = z.infer<typeof ChargeHistoryItem>;

/** `GET /serials/user_charge_histories/me`: the member's coin rentals of episodes (not ticket openings), newest first. */
export const ChargeHistoryList = z.object({ histories: z.array(ChargeHistoryItem) });
export type ChargeHistoryList = z.infer<typeof ChargeHistoryList>;

/** `POST /user_serial_episodes/{id}/start_reading` and `/end_reading`. */
export const ReadingMarkResult = z.object({ status, serialEpisodeId: int });
export type ReadingMarkResult = z.infer<typeof ReadingMarkResult>;

/** `POST` and `DELETE /user_serials/me/{serial_id}/notification`. */
export const NotificationResult = z.object({ status, serialId: int, notification: z.boolean() });
export type NotificationResult = z.infer<typeof NotificationResult>;

/** `DELETE /serials/user_histories/me`: the serial (null: every serial) is out of the member's history. */
export const HistoryDeleteResult = z.object({ status, serialId: int.nullable() });
export type HistoryDeleteResult = z.infer<typeof HistoryDeleteResult>;

/** `POST /user_serial_ad_reward/me/use`: the serial's normal ticket is back. */
export const AdRewardResult = z.object({ status, serialId: int, charged: z.literal(true) });
export type AdRewardResult = z.infer<typeof AdRewardResult>;

/** A coin rental as the member's payment history (`/order/payments`) lists it. */
export const SerialRentalPayment = z.object({
  serialId: int,
  serialName: z.string(),
  episodeId: int,
  episodeTitle: z.string(),
  /** Epoch ms the rental ends (RENTAL_FOREVER for permanent). */
  rentalEnd: millis,
});
export type SerialRentalPayment = z.infer<typeof SerialRentalPayment>;

/** What the server renders `/serial/detail/{serialId}` from (its loader, through the load context). */
export interface SerialDetailPage {
  adultGate: false;
  serial: Serial;
  /** One page of the episodes in reading order (`SERIAL_EPISODES_PAGE_SIZE` of serials.ts a page). */
  episodes: SerialEpisode[];
  /** Which page of the episodes this is, of how many (1 when the serial has none). */
  episodePage: { page: number; pageCount: number };
  /** Episode user data of every episode; empty for a guest. */
  userData: EpisodeUserData[];
  userSerial: SerialUserData | null;
  ticket: UserSerialTicket;
  adReward: UserSerialTicket | null;
  balances: { coin: number; mangaCoin: number };
  /** The server's instant the data was read, for the countdowns. */
  loadedAt: number;
}

/** An adult serial for a viewer without the age check: only the dialog, no serial content. */
export interface SerialAdultGate {
  adultGate: true;
}

/** What the server renders `/serial` from. */
export interface SerialHomePage {
  recents: Serial[];
  ranks: { rank: number; serial: Serial }[];
  /** 続きが読める連載 of the member; empty for a guest. */
  histories: SerialHistoryItem[];
  osusumes: SerialOsusume[];
}
