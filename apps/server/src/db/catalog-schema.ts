import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of the catalog (spec §3: titles, authors, books, pages, serials, episodes), created by
 * migration 2026-11-22T0200-catalog. Instants are epoch milliseconds; money is integer yen/coins,
 * tax included; flags are 0/1 integers (the same on SQLite and PostgreSQL).
 * Codes (`erotic_type`, `page_type`, `layout_type`, …) are those of `@hondana/domain/catalog/catalog`.
 */
type Millis = number;
type Flag = 0 | 1;

export interface AuthorsTable {
  id: Generated<number>;
  name: string;
  /** Reading in katakana (§3 Author: kana), e.g. シンカイ ハルト. */
  kana: string;
  profile: Generated<string>;
  created_at: Millis;
}

export interface PublishersTable {
  id: Generated<number>;
  /** Unique (the console's taxonomy editor). */
  name: string;
  kana: string;
  version: Generated<number>;
}

export interface MagazinesTable {
  id: Generated<number>;
  name: string;
  kana: string;
  publisher_id: number | null;
  version: Generated<number>;
}

/** Book genres; ids are meaningful (§9: 11–17 force horizontal reading), so they are not generated. */
export interface GenresTable {
  id: number;
  name: string;
  version: Generated<number>;
}

export interface TitlesTable {
  id: Generated<number>;
  name: string;
  kana: string;
  description: string;
  /** PageType of §9 (never `all`). */
  page_type: string;
  genre_id: number | null;
  /** EroticType of §6: 0 NORMAL, 1 EROTIC, 4 R18, 9 NOT_POST, 10 UNDEFINED. */
  erotic_type: number;
  complete_flg: Flag;
  magazine_id: number | null;
  publisher_id: number | null;
  /** Title notes (§3): free text shown under the title; '' when none. */
  notes: Generated<string>;
  created_at: Millis;
  updated_at: Millis;
  /** Normalised names and readings of the title and its authors (search-text.ts; migration 0310). */
  search_text: Generated<string>;
  /** Live reviews of the title and the sum of their stars (migration 0900; kept by the reviews service). */
  review_count: Generated<number>;
  review_star_total: Generated<number>;
  /** Bumped by each console edit: an edit made against an older version is refused (409). */
  version: Generated<number>;
}

export interface TitleAuthorsTable {
  title_id: number;
  author_id: number;
  /** AuthorRole: author, original, art, illustration, editor, photo. */
  role: string;
  sort_order: number;
}

export interface BooksTable {
  id: Generated<number>;
  title_id: number;
  vol: number;
  /** The book's own name (§3 Book v3 contentsName), e.g. 夜明けの図書館 3. */
  contents_name: string;
  description: string;
  /** Regular price, tax included; `tax_amount` is the tax inside it. */
  price: number;
  tax_amount: number;
  /** Discounted price during [sale_start_datetime, sale_end_datetime); null bounds are open. */
  sale_price: number | null;
  sale_start_datetime: Millis | null;
  sale_end_datetime: Millis | null;
  /** Free to read during [free_start_datetime, free_end_datetime) when free_flg is 1. */
  free_flg: Flag;
  free_start_datetime: Millis | null;
  free_end_datetime: Millis | null;
  /** Release instant; books with a future start are pre-orders (IN_RESERVATION). */
  start_datetime: Millis;
  /** End of distribution, null for none. */
  end_datetime: Millis | null;
  /** SalesStatus: ON_SALE, IN_RESERVATION, STOPPED. */
  sales_status: string;
  /** LayoutType of §9: 0 fixed, 1 webtoon, 2 reflow. */
  layout_type: number;
  direction: 'rtl' | 'ltr';
  /** Reflow books only: 'vertical' (tategaki) or 'horizontal'; null for image books. */
  writing_mode: 'vertical' | 'horizontal' | null;
  /** Image pages (fixed: pages, webtoon: strip segments); 0 for reflow books. */
  page_count: number;
  /** Sample size: pages for image books, chapters for reflow books. */
  sample_page_total: number;
  /** JSON array of page numbers forming a custom sample (§4), null when the sample is the first pages. */
  custom_sample_pages: string | null;
  imaged_reflow: Flag;
  /** Rental period in minutes when the book can be rented (§3 rentalTime), null when it cannot. */
  rental_minutes: number | null;
  /** Bumped whenever the cover or pages are redrawn; media URLs carry it as `?v=` and are immutable. */
  media_version: Generated<number>;
  created_at: Millis;
  /** Bumped by each console edit: an edit made against an older version is refused (409). */
  version: Generated<number>;
}

export interface BookPagesTable {
  book_id: number;
  /** 0-based, in reading order. */
  page_no: number;
  /** Size of the largest stored derivative, in px. */
  width: number;
  height: number;
  /** A double-page spread. */
  wide_flg: Flag;
}

/** Table of contents of an image book (§3 Book navigations: page, text). */
export interface BookNavigationsTable {
  book_id: number;
  seq: number;
  page_no: number;
  text: string;
}

/**
 * Text of a reflow book, one row per chapter. `body` is plain text with Aozora Bunko ruby
 * markup (`｜親字《おやじ》`), paragraphs separated by a newline; the viewer lays it out.
 */
export interface BookTextChaptersTable {
  book_id: number;
  chapter_no: number;
  title: string;
  body: string;
  char_count: number;
}

export interface SerialsTable {
  id: Generated<number>;
  title_id: number | null;
  name: string;
  description: string;
  /** PageType of the serial's shelf, used as its category. */
  category: string;
  theme_color: string;
  sub_color: string;
  ticket_usable: Flag;
  reward_usable: Flag;
  /** Minutes for a "wait for free" charge to refill (§3 chargeMinutes). */
  charge_minutes: Generated<number>;
  /** Rental length in minutes when an episode is rented with coins (0 = permanent, §9). */
  rental_minutes: number;
  order_only: Flag;
  /** End of distribution (expired), null for none. */
  end_datetime: Millis | null;
  created_at: Millis;
  /** Bumped by each console edit: an edit made against an older version is refused (409). */
  version: Generated<number>;
  /** The key visual uploaded in the console (its original in the media store); null: the drawn one. */
  image_key: string | null;
  /** Moves with each upload: the image's addresses carry it (`?v=`), so a browser never keeps an old one. */
  image_version: Generated<number>;
}

export interface SerialEpisodesTable {
  id: Generated<number>;
  serial_id: number;
  /** 1-based order of release (§3 orderSequence). */
  order_sequence: number;
  title: string;
  /** Coins to rent or buy the episode; 0 when the episode is always free. */
  price: number;
  free_flg: Flag;
  release_datetime: Millis;
  end_datetime: Millis | null;
  layout_type: number;
  page_count: number;
  /** The volume that collects this episode, if one exists (§2 serial last page). */
  book_id: number | null;
  created_at: Millis;
  /** SpendType the operator chose (0 free, 1 normal ticket, 2 coins only); null: derived from price and chargeMinutes. */
  spend_type: Generated<number | null>;
  /** Bumped by each console edit: an edit made against an older version is refused (409). */
  version: Generated<number>;
  /** Bumped when the console uploads the episode's pages; in its page URLs as `v`. */
  media_version: Generated<number>;
}

export interface SerialEpisodePagesTable {
  episode_id: number;
  page_no: number;
  width: number;
  height: number;
}

/** An uploaded episode page's original (migration 2026-11-28T1110); pages without one are drawn. */
export interface SerialEpisodePageOriginalsTable {
  episode_id: number;
  page_no: number;
  /** `originals/<sha256>.<ext>` in the media store. */
  original_key: string;
}

export type CatalogEventKind = 'purchase' | 'read' | 'wish';

/** Purchases, reads and wishes: the history that rankings (§7 rankings) are computed from. */
export interface CatalogEventsTable {
  id: Generated<number>;
  kind: CatalogEventKind;
  title_id: number;
  book_id: number | null;
  serial_id: number | null;
  user_id: number | null;
  created_at: Millis;
}

/** Which window the `rankings` job last worked out for a term (`ranking_scores` holds its rows). */
export interface RankingRunsTable {
  term: string;
  window_from: Millis;
  window_to: Millis;
  computed_at: Millis;
}

/** A title's score in a term's window by a basis, as the `rankings` job worked it out (score > 0 only). */
export interface RankingScoresTable {
  term: string;
  basis: string;
  title_id: number;
  score: number;
}

export interface CatalogTables {
  authors: AuthorsTable;
  publishers: PublishersTable;
  magazines: MagazinesTable;
  genres: GenresTable;
  titles: TitlesTable;
  title_authors: TitleAuthorsTable;
  books: BooksTable;
  book_pages: BookPagesTable;
  book_navigations: BookNavigationsTable;
  book_text_chapters: BookTextChaptersTable;
  serials: SerialsTable;
  serial_episodes: SerialEpisodesTable;
  serial_episode_pages: SerialEpisodePagesTable;
  serial_episode_page_originals: SerialEpisodePageOriginalsTable;
  catalog_events: CatalogEventsTable;
  ranking_runs: RankingRunsTable;
  ranking_scores: RankingScoresTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const catalogTableOwners = {
  authors: 'catalog',
  publishers: 'admin',
  magazines: 'admin',
  genres: 'admin',
  titles: 'catalog',
  title_authors: 'catalog',
  books: 'catalog',
  book_pages: 'import',
  book_navigations: 'import',
  book_text_chapters: 'import',
  serials: 'admin',
  serial_episodes: 'admin',
  serial_episode_pages: 'admin',
  serial_episode_page_originals: 'admin',
  catalog_events: 'catalog',
  ranking_runs: 'catalog',
  ranking_scores: 'catalog',
} as const satisfies TableOwners<CatalogTables>;
