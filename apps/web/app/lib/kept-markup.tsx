import { type ReactNode, createContext, createElement, useContext } from 'react';

/**
 * The server's store of rendered markup, given to the render by the server entry
 * (`entry.server.tsx`, `kept-markup.server.ts`); none in the browser.
 */
export interface MarkupStore {
  /** The inner HTML kept for `key`, or undefined. */
  get(key: string): string | undefined;
  /** Asks for the inner HTML of the element rendered now to be kept under `key`: the attribute that marks it. */
  capture(key: string, tag: string): Record<string, string>;
}

export const MarkupStoreContext = /* @__PURE__ */ createContext<MarkupStore | null>(null);

type KeptProps = {
  as: 'ul' | 'div';
  className?: string | undefined;
  /** Names the markup: everything the children's markup depends on (their data, their options). */
  keyOf: () => string;
  children: ReactNode;
};

/**
 * An element whose children's markup is the same for everyone who gets the same data (the top
 * page's ranking, free books and new releases): the server renders the children once, keeps their
 * HTML under `keyOf()` and sends that HTML again to the next render with the same key, without
 * rendering them. The HTML sent is byte for byte what rendering them gives (it was made by
 * rendering them), so the browser hydrates the children over it as over any server markup: in the
 * browser, and on the server without a store, this is the plain element with its children.
 * Only for children that depend on nothing but what `keyOf` names: no viewer, no clock, no
 * per-request id (`useId`), no resources hoisted into the head.
 */
export function Kept({ as, className, keyOf, children }: KeptProps) {
  const store = useContext(MarkupStoreContext); // none in the browser
  if (store) {
    const key = `${as}\u0000${keyOf()}`;
    const html = store.get(key);
    if (html !== undefined) return createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
    return createElement(as, { className, ...store.capture(key, as) }, children);
  }
  return createElement(as, { className }, children);
}
