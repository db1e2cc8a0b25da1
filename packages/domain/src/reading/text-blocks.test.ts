import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captionLine, headingLine, listItemLine, parseBlock, tableRowLine, visibleLength } from './text-blocks';

describe('text body lines', () => {
  it('reads each kind of line back as the block it was written from', () => {
    expect(parseBlock(headingLine(2, '第一節'))).toEqual({ kind: 'heading', level: 2, text: '第一節' });
    expect(parseBlock(headingLine(1, '｜序《じょ》'))).toEqual({ kind: 'heading', level: 1, text: '｜序《じょ》' });
    expect(parseBlock(captionLine('図1 構成'))).toEqual({ kind: 'caption', text: '図1 構成' });
    expect(parseBlock(listItemLine(false, 'りんご'))).toEqual({ kind: 'item', ordered: false, text: 'りんご' });
    expect(parseBlock(listItemLine(true, '手順'))).toEqual({ kind: 'item', ordered: true, text: '手順' });
    expect(parseBlock(tableRowLine(['名前', '値'], true))).toEqual({ kind: 'row', header: true, cells: ['名前', '値'] });
    expect(parseBlock(tableRowLine(['a\tb', ''], false))).toEqual({ kind: 'row', header: false, cells: ['a b', ''] });
    expect(parseBlock('［＃挿絵3］')).toEqual({ kind: 'image', image: 3 });
    expect(parseBlock('　吾輩は猫である。')).toEqual({ kind: 'paragraph', text: '　吾輩は猫である。' });
  });

  it('keeps a line that only looks like a marker a paragraph', () => {
    expect(parseBlock('［＃大見出し］終わりのない見出し')).toEqual({ kind: 'paragraph', text: '［＃大見出し］終わりのない見出し' });
    expect(parseBlock('［＃大見出し］a［＃中見出し終わり］').kind).toBe('paragraph');
  });

  it('counts what a reader sees: no ruby readings, no markers, no images', () => {
    expect(
      visibleLength(
        ['［＃挿絵0］', headingLine(1, '｜序《じょ》章'), listItemLine(true, 'あ'), tableRowLine(['い', 'う'], false), '猫《ねこ》'].join(
          '\n',
        ),
      ),
    ).toBe(2 + 1 + 2 + 1);
  });

  it('round-trips any cell text without tabs or line breaks', () => {
    const cell = fc.string().filter((s) => !/[\t\n]/.test(s));
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), fc.boolean(), (cells, header) => {
        expect(parseBlock(tableRowLine(cells, header))).toEqual({ kind: 'row', header, cells });
      }),
    );
  });
});
