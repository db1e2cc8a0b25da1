/** A book as a tile shows it (§2 "Other widgets"): what the top page and lists render. */
export interface BookTile {
  bookId: number;
  titleId: number;
  title: string;
  vol: number;
  /** Cover URL (WebP) for the given width; `coverSrcSet` lists every stored width. */
  imageUrl: string;
  coverSrcSet: string;
  /** JPEG fallback of `coverSrcSet` (§9: webp with jpeg fallback). */
  coverSrcSetJpeg: string;
  price: number;
  beforePrice: number | null;
  free: boolean;
  /** Free only for a period; `endDatetime` is when it ends (the tile's M/d label). */
  limitedFree: boolean;
  endDatetime: number | null;
  rating: number;
  startDatetime: number;
  pageType: string;
  eroticType: number;
  layoutType: number;
  /** 即時還元: the points anyone buying this book now earns (§2 book tile badge); 0 when none or not priced against campaigns. */
  refundCoins: number;
}

/** A title in catalog lists (§3 Title, the fields a list needs). */
export interface TitleSummary {
  id: number;
  name: string;
  kana: string;
  imageUrl: string;
  pageType: string;
  genreId: number | null;
  eroticType: number;
  completeFlg: boolean;
  maxVol: number;
  minVolBookId: number;
  maxVolBookId: number;
  /** Credits in order (search results carry them). */
  authors?: { authorId: number; name: string; kana: string; type: string }[];
}
