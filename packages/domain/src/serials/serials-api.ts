/**
 * Serials API contract (§3 Serial, Serial episode, Episode user data, Serial user data,
 * Suggested episode, Serial history item, User serial ticket and ad reward, Rental request
 * body; §7 "Serials and episodes"). All under /api; JSON camelCase; parameters as §7 names them.
 */
import { z } from 'zod';
import { idParam } from '../catalog/books-api';
import { tokenParam } from '../reviews/reviews-api';
import type { PagesData } from '../reading/reading-api';
import type { SpendType, TicketState } from './serials';

const intParam = (min: number, max: number) =>
  z.coerce.number({ message: 'must be an integer' }).int('must be an integer').min(min).max(max);

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
  limit: intParam(1, 12).optional().default(12),
  healthy_only: z.enum(['0', '1', 'true', 'false']).optional(),
});
/** `GET /serials/by_meta`: `meta_id` is the genre of the serial's title. */
export const ByMetaQuery = PageQuery.extend({ meta_id: idParam });
export const HistoryDeleteQuery = z.object({ serial_id: idParam, token: tokenParam });
export const SuggestionQuery = z.object({ serial_episode_id: idParam });

/** Rental request body (§3): price, spend_type, payment_type (0 coin, 2 manga coin). */
export const RentalBody = z.object({
  price: intParam(0, 1_000_000),
  spend_type: intParam(0, 3).optional(),
  payment_type: intParam(0, 2).optional(),
});

export interface SerialImages {
  /** 522×327 images at the §9 widths (webp and jpg). */
  small: string;
  medium: string;
  large: string;
}

export interface Serial {
  id: number;
  name: string;
  title: string;
  description: string;
  images: SerialImages;
  colors: { themeColor: string; subColor: string };
  ticketUsable: boolean;
  rewardUsable: boolean;
  chargeMinutes: number;
  rentalMinutes: number;
  orderOnly: boolean;
  releasedEpisodeCount: number;
  totalEpisodeCount: number;
  categoryIds: string[];
  readCount: number;
  titleId: number | null;
  expired: boolean;
  totalPage: number;
}

export interface SerialEpisode {
  id: number;
  serialId: number;
  title: string;
  orderSequence: number;
  price: number;
  spendType: SpendType;
  releaseDatetime: number;
  released: boolean;
  bookId: number | null;
  /** The volume number of `bookId`, when there is one. */
  vol: number | null;
  pageCount: number;
  layoutType: number;
}

export interface EpisodeUserData {
  serialEpisodeId: number;
  renting: boolean;
  /** Epoch ms the rental ends (RENTAL_FOREVER for permanent), null when not rented. */
  rentalPeriodTime: number | null;
  personalizedSpendType: SpendType;
  /** The price after §4's final price rule. */
  finalPrice: number;
  read: boolean;
}

export interface SerialUserData {
  serialId: number;
  charged: boolean;
  chargeRemainingMilliSec: number;
  newEpisodeFlg: boolean;
  notification: boolean;
}

export interface SuggestedEpisode {
  id: number;
  price: number;
  spendType: SpendType | null;
  pageImageUrl: string;
  title: string;
  orderSequence: number;
  renting: boolean;
  rentalPeriodTime: number | null;
}

/** `GET /serial_episodes/{serial_id}/suggestions/v2`: what the last page shows next. */
export interface SuggestionResponse {
  kind: 'episode' | 'last' | 'expired' | 'waiting';
  episode: SuggestedEpisode | null;
  serial: { id: number; name: string; titleId: number | null; rentalMinutes: number };
  /** The volume collecting the current episode, if a book exists. */
  book: { bookId: number; vol: number } | null;
}

export interface SerialHistoryItem {
  id: number;
  imageUrl: string;
  title: string;
  ticketUsable: boolean;
  hasNormalTicket: boolean;
  timeToGivenNextNormalTicket: number;
  hasNewEpisode: boolean;
  lastEpisodeId: number | null;
  lastReadAt: number;
}

export type UserSerialTicket = TicketState;

export interface RentalResult {
  serialEpisodeId: number;
  spendType: SpendType;
  price: number;
  rentalPeriodTime: number;
}

/** `GET /serial_episode_browsers/{serial_episode_id}`: the viewer's episode, pages like bookinfo/v2. */
export interface EpisodeBrowser {
  episode: SerialEpisode;
  serial: { id: number; name: string; titleId: number | null; rentalMinutes: number };
  layoutType: number;
  renting: boolean;
  rentalPeriodTime: number | null;
  prevEpisodeId: number | null;
  nextEpisodeId: number | null;
  pages_data: PagesData;
}

/** `GET /serial_osusumes` and `/serial_osusumes/{osusume_id}`: an editorial list of serials. */
export interface SerialOsusume {
  id: number;
  name: string;
  description: string;
  serials: Serial[];
}

/** `GET /serials/typicals`: the most read serial of each category. */
export interface SerialTypical {
  category: string;
  categoryName: string;
  serial: Serial;
}

/** `GET /serials/by_meta`. */
export interface SerialByMeta {
  metaId: number;
  /** The genre's name. */
  name: string;
  total: number;
  serials: Serial[];
}

/** `GET /serials/{serial_id}/read_ranks`: rank by reads overall (`general`) and in the serial's category. */
export interface SerialReadRanks {
  serialId: number;
  readCount: number;
  ranks: { category: string; rank: number | null; total: number }[];
}

/** A coin rental as the member's payment history (`/order/payments`) lists it. */
export interface SerialRentalPayment {
  serialId: number;
  serialName: string;
  episodeId: number;
  episodeTitle: string;
  /** Epoch ms the rental ends (RENTAL_FOREVER for permanent). */
  rentalEnd: number;
}

/** What the server renders `/serial/detail/{serialId}` from (its loader, through the load context). */
export interface SerialDetailPage {
  adultGate: false;
  serial: Serial;
  episodes: SerialEpisode[];
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
