/** §3 Recommended book, with the id of the book it links to. */
export interface RecommendedBook {
  /** What the recommendation comes from: the source book (book-to-book) or a title the member had (user-to-book). */
  sourceId: number | null;
  bookId: number;
  titleId: number;
  title: string;
  vol: number;
  authors: { authorId: number; name: string; kana: string; type: string }[];
  price: number;
  beforePrice: number | null;
  startDatetime: number;
  imageUrl: string;
  description: string;
  /** How many volumes of the title are free now. */
  freeBookVol: number;
  wishCount: number;
  rating: number;
  /** Why it is recommended: co-read/co-bought, same author, same genre or popular. */
  reason: 'together' | 'author' | 'genre' | 'popular';
}
