/**
 * Schemas of the push area's calls (issue 38): the store's VAPID public key, and a signed-in
 * member's browsers that take notices as Web Push (a browser's `PushSubscription` as its
 * `toJSON()` gives it).
 */
import { z } from 'zod';

/** `GET /push/key`: the key a browser subscribes with (`applicationServerKey`, base64url). */
export const PushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

const base64url = (max: number) =>
  z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');

/** `POST /push/subscriptions`: the browser's subscription (endpoint and keys). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(1000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** `DELETE /push/subscriptions`: the browser that stops taking notices. */
export const PushEndpointBody = z.object({ endpoint: z.string({ message: 'is required' }).min(1, 'is required').max(1000) });
export type PushEndpointBody = z.infer<typeof PushEndpointBody>;

/** `GET /push/subscriptions`: the member's browsers that take notices. */
export const PushSubscriptionList = z.object({
  subscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
});
export type PushSubscriptionList = z.infer<typeof PushSubscriptionList>;

/** What the service worker is sent (encrypted) and shows: the notice, and the page it opens. */
export const PushMessage = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushMessage = z.infer<typeof PushMessage>;
