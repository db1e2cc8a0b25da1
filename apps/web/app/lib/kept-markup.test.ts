import { type ReactElement, type ReactNode, createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Kept, MarkupStoreContext } from './kept-markup';
import { RenderMarkup } from './kept-markup.server';

/** A list whose items hold lists of their own (the end tag that closes the kept element is the outer one). */
const kept = (props: { as: 'ul' | 'div'; className?: string; keyOf: () => string }, children: ReactNode): ReactElement =>
  h(Kept, { ...props, children });
const list = (items: string[]) =>
  kept(
    { as: 'ul', className: 'tiles', keyOf: () => JSON.stringify(items) },
    items.map((item) => h('li', { key: item }, item, h('ul', null, h('li', null, `${item}の中`)))),
  );

/** The page as the server entry sends it: rendered with a store, then finished. */
function serve(node: ReactElement): string {
  const markup = new RenderMarkup();
  const html = renderToString(h(MarkupStoreContext, { value: markup }, h('main', null, node, h('p', null, 'あと'))));
  return markup.finish(Buffer.from(html)).toString('utf8');
}

describe('Kept', () => {
  it('is the plain element with its children where there is no store (the browser)', () => {
    expect(renderToString(list(['一', '二']))).toBe(
      '<ul class="tiles"><li>一<ul><li>一の中</li></ul></li><li>二<ul><li>二の中</li></ul></li></ul>',
    );
  });

  it('sends the markup it kept, byte for byte what rendering the children gives, and no mark', () => {
    const items = [`最初 ${Math.random()}`, '次'];
    const plain = renderToString(h('main', null, list(items), h('p', null, 'あと')));
    const first = serve(list(items));
    const second = serve(list(items));
    expect(first).toBe(plain);
    expect(second).toBe(plain);
    expect(first).not.toContain('data-kept-markup');
  });

  it('does not render the children again for a key it kept', () => {
    const key = `鍵 ${Math.random()}`;
    const keptChild = (child: () => string) => kept({ as: 'div', keyOf: () => key }, h(child));
    const first = serve(keptChild(() => '描いた'));
    const second = serve(
      keptChild(() => {
        throw new Error('rendered again');
      }),
    );
    expect(second).toBe(first);
    expect(second).toContain('描いた');
  });

  it('renders other data again: the key is the data', () => {
    const a = serve(list([`甲 ${Math.random()}`]));
    const b = serve(list([`乙 ${Math.random()}`]));
    expect(a).toContain('甲');
    expect(b).toContain('乙');
    expect(b).not.toContain('甲');
  });
});
