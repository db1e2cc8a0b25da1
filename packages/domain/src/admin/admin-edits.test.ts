import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyPatch, checkRule, patchShape, ruleIssues } from './admin-edits';

const fields = {
  name: z.string().min(1),
  description: z.string().default(''),
  end: z.number().nullable().default(null),
};

describe('patchShape', () => {
  it('leaves a field out instead of sending its default (zod .partial() would send it)', () => {
    expect(z.object(fields).partial().parse({})).toEqual({ description: '', end: null });
    expect(z.object(patchShape(fields)).parse({})).toEqual({});
  });

  it('still checks each field sent, and takes null as a value', () => {
    const patch = z.object(patchShape(fields));
    expect(patch.parse({ end: null })).toEqual({ end: null });
    expect(patch.safeParse({ name: '' }).success).toBe(false);
  });
});

describe('applyPatch', () => {
  it('puts each field sent over the row and keeps the others (undefined is not sent, null is)', () => {
    const row: { name: string; description: string; end: number | null } = { name: '灯台', description: '明かされる過去の真実。', end: 5 };
    expect(applyPatch(row, { name: '灯台守', description: undefined })).toEqual({
      name: '灯台守',
      description: '明かされる過去の真実。',
      end: 5,
    });
    expect(applyPatch(row, { end: null })).toEqual({ ...row, end: null });
  });
});

describe('rules outside a schema', () => {
  const rule = (v: { start: number; end: number }, ctx: z.RefinementCtx) => {
    if (v.end <= v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  };
  it('names the field and the message a schema would', () => {
    expect(ruleIssues(rule, { start: 2, end: 1 })).toEqual([{ field: 'end', message: 'must end after it starts' }]);
    expect(ruleIssues(rule, { start: 1, end: 2 })).toEqual([]);
    expect(() => checkRule(rule, { start: 2, end: 1 })).toThrow(
      expect.objectContaining({ status: 400, messages: ['end: must end after it starts'] }),
    );
  });
});
