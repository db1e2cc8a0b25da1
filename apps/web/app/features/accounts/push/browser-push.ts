import type { PushSubscriptionBody } from '@hondana/domain/push/push-api';
import { registerServiceWorker } from '../../../lib/service-worker';

/** Why this browser does not take push notices: no support, the member (or the browser) refused, or its push service could not be reached. */
type PushFailureReason = 'unsupported' | 'denied' | 'subscribe';

export class PushFailure extends Error {
  constructor(
    readonly reason: PushFailureReason,
    cause?: unknown,
  ) {
    super(`push: ${reason}`, { cause });
  }
}

/** Service workers, the Push API and notifications, and a build that has the store's service worker. */
export function browserSupportsPush(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The browser's own push subscription for this store, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * How long the service worker may take to install, and the browser's push service to answer,
 * before the setting gives up (a browser that cannot reach its push service waits for ever).
 */
const WAIT_MS = 20_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new PushFailure('subscribe', `${what}: no answer`)), WAIT_MS)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Asks the browser's permission (the click that called this is the member's gesture), registers
 * the store's service worker and subscribes it with the store's VAPID key; a subscription made
 * with another key (the store's keys were replaced) is ended first.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushFailure('denied');
  if (!(await registerServiceWorker())) throw new PushFailure('unsupported');
  const registration = await within(navigator.serviceWorker.ready, 'service worker');
  const key = fromBase64Url(publicKey);
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameKey(existing.options.applicationServerKey, key)) return asBody(existing);
    await existing?.unsubscribe();
    return asBody(await within(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), 'push service'));
  } catch (error) {
    throw error instanceof PushFailure ? error : new PushFailure('subscribe', error);
  }
}

/** Ends this browser's subscription; answers its endpoint (for the store to forget), or null if it had none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await browserSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}

function asBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}
