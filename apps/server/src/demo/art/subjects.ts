/** What the drawings need to know about a book, a page and a serial; loaded from the catalog. */

export interface CoverSubject {
  bookId: number;
  titleId: number;
  titleName: string;
  vol: number;
  volumes: number;
  authors: string[];
  publisher: string | null;
  pageType: string;
  eroticType: number;
  layoutType: number;
}

export interface PageSubject {
  /** Seeds the page's composition (book id, or a value derived from an episode id). */
  seed: number;
  titleId: number;
  titleName: string;
  /** Shown in each page's header: the book's name, or the serial and episode. */
  heading: string;
  author: string;
  pageType: string;
  genreId: number | null;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  pageCount: number;
  page: number;
  width: number;
  height: number;
}

export interface SerialSubject {
  serialId: number;
  titleId: number | null;
  name: string;
  themeColor: string;
  subColor: string;
}
