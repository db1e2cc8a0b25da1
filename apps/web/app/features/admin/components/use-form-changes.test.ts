import { describe, expect, it } from 'vitest';
import { changedFields, unchanged } from './use-form-changes';

describe('changedFields', () => {
  type Period = { price: number; start: string; end: string } | null;
  const sale = { price: 385, start: '2027-01-01T00:00', end: '2027-01-20T00:00' };
  const shown: { description: string; price: number; sale: Period; free: Period } = {
    description: '明かされる過去の真実。',
    price: 550,
    sale,
    free: null,
  };

  it('sends only the fields the operator changed: a new price leaves the 紹介文 and the sale out', () => {
    expect(changedFields(shown, { ...shown, price: 660 })).toEqual({ price: 660 });
  });

  it('takes a sale as one field (a changed end sends the whole sale), and a switched-off one as null', () => {
    const later = { ...sale, end: '2027-01-25T00:00' };
    expect(changedFields(shown, { ...shown, sale: later })).toEqual({ sale: later });
    expect(changedFields(shown, { ...shown, sale: null })).toEqual({ sale: null });
  });

  it('finds nothing to send when the form is as it was shown', () => {
    expect(unchanged(changedFields(shown, { ...shown, sale: { ...sale } }))).toBe(true);
  });
});
