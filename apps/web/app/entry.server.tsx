import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { MarkupStoreContext } from './lib/kept-markup';
import { RenderMarkup } from './lib/kept-markup.server';

/** How long deferred data may stream before the render is aborted. */
export const streamTimeout = 5_000;

/**
 * React Router's default server entry (`react-router reveal entry.server`), changed so that a
 * page costs less to render and send:
 * - pages say their charset in Content-Type;
 * - every reader gets the whole page at once (`onAllReady`, as React Router gives crawlers): the
 *   Fastify adapter sends whole bodies, and sections whose code loads lazily are then in their
 *   place in the HTML, not streamed after it;
 * - with the whole page ready, no Suspense boundary is moved to the end of the document
 *   (`progressiveChunkSize`): no hidden copies and no script to swap them in;
 * - React writes into a buffer that becomes the Response body, with no Node stream piped into a
 *   web stream chunk by chunk;
 * - every inline script and module preload carries the load context's `cspNonce` (React Router's
 *   `<Scripts>`, `<ScrollRestoration>` and `<Links>` take it from `ServerRouter`): the server's
 *   marker, which the response's own nonce replaces as the page is sent (apps/server
 *   `http/content-security-policy.ts`);
 * - markup that is the same for everyone who gets the same data (`Kept`, the top page's tile
 *   lists) is rendered once and kept (`kept-markup.server.ts`): the render gives the store, and the
 *   page is finished (the marks of what it asked to keep taken out) before it is sent.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const markup = new RenderMarkup();
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve(new Response(markup.finish(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <MarkupStoreContext value={markup}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </MarkupStoreContext>,
      {
        nonce,
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
