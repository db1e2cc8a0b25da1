import { describe, expect, it } from 'vitest';
import { REVIEW_BODY_MAX_LENGTH, REVIEW_FOLD_CHARS, foldedReviewBody } from './reviews';

describe('foldedReviewBody (issue 34 item 16: a long review is folded by default)', () => {
  it('keeps a short body whole', () => {
    expect(foldedReviewBody('面白かった')).toEqual({ text: '面白かった', folded: false });
    expect(foldedReviewBody('あ'.repeat(REVIEW_FOLD_CHARS))).toEqual({ text: 'あ'.repeat(REVIEW_FOLD_CHARS), folded: false });
  });

  it('folds a 2,000-character body to its first characters', () => {
    const { text, folded } = foldedReviewBody('長'.repeat(REVIEW_BODY_MAX_LENGTH));
    expect(folded).toBe(true);
    expect(text).toBe(`${'長'.repeat(REVIEW_FOLD_CHARS)}…`);
  });

  it('folds a body of many short lines after six lines', () => {
    const body = Array.from({ length: 10 }, (_, i) => `${i + 1}行目`).join('\n');
    const { text, folded } = foldedReviewBody(body);
    expect(folded).toBe(true);
    expect(text.split('\n')).toHaveLength(6);
  });

  it('never splits a surrogate pair', () => {
    const { text } = foldedReviewBody('𠮷'.repeat(REVIEW_FOLD_CHARS + 1));
    expect(Array.from(text)).toHaveLength(REVIEW_FOLD_CHARS + 1);
    expect(text.endsWith('𠮷…')).toBe(true);
  });
});
