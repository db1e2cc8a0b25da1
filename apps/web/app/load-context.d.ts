import type { StoreLoadContext } from '@hondana/server/web/load-context';

// Loaders and actions receive the server's use cases as `context` (apps/server/src/web/
// create-load-context.ts builds it per request). With `future.v8_middleware` off, React
// Router types `context` as AppLoadContext.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StoreLoadContext {}
}
