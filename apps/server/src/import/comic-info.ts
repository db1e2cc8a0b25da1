import { EroticType } from '@hondana/domain/catalog/catalog';
import { XMLParser } from 'fast-xml-parser';
import type { PlannedAuthor } from './book-plan';

/** The parts of ComicInfo.xml (the Anansi schema CBZ readers use) that the catalog keeps. */
export interface ComicInfo {
  series: string | null;
  number: number | null;
  title: string | null;
  summary: string | null;
  publisher: string | null;
  authors: PlannedAuthor[];
  rightToLeft: boolean | null;
  eroticType: number;
  pageCount: number | null;
}

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true });

const text = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
};

const names = (value: unknown): string[] =>
  (text(value) ?? '')
    .split(/[,、]/)
    .map((n) => n.trim())
    .filter(Boolean);

/** R18+ / Adults Only 18+ / X18+ make the title R18; other ratings leave it normal. */
function ratingEroticType(rating: string | null): number {
  if (!rating) return EroticType.NORMAL;
  return /(^|\s)(r18\+?|x18\+?|adults only 18\+?)$/i.test(rating.trim()) ? EroticType.R18 : EroticType.NORMAL;
}

export function parseComicInfo(xml: string): ComicInfo {
  const doc = parser.parse(xml) as { ComicInfo?: Record<string, unknown> };
  const info = doc.ComicInfo;
  if (!info || typeof info !== 'object') throw new Error('no <ComicInfo> element');
  const authors: PlannedAuthor[] = [];
  const seen = new Set<string>();
  const credit = (value: unknown, role: PlannedAuthor['role']) => {
    for (const name of names(value)) {
      if (seen.has(name)) continue;
      seen.add(name);
      authors.push({ name, kana: '', role });
    }
  };
  credit(info.Writer, 'original');
  credit(info.Penciller, 'art');
  // One person who both writes and draws is the work's author.
  if (authors.length === 1) authors[0]!.role = 'author';
  const number = text(info.Number);
  const pageCount = text(info.PageCount);
  const manga = text(info.Manga);
  return {
    series: text(info.Series),
    number: number && /^\d+(\.\d+)?$/.test(number) ? Math.floor(Number(number)) : null,
    title: text(info.Title),
    summary: text(info.Summary),
    publisher: text(info.Publisher),
    authors,
    rightToLeft: manga === 'YesAndRightToLeft' ? true : manga === 'No' ? false : null,
    eroticType: ratingEroticType(text(info.AgeRating)),
    pageCount: pageCount && /^\d+$/.test(pageCount) ? Number(pageCount) : null,
  };
}
