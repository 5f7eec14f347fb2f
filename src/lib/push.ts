// This device's Web Push subscription: whether the browser can have one, and subscribing or unsubscribing it through
// the service worker (sw/sw.js shows the notifications).

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** What this browser allows now. Without the service worker (development builds) it cannot receive pushes. */
export function pushSupport(): PushSupport {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** How long subscribing may take before it counts as failed (a browser without a reachable push service can hang). */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** The base64url key as bytes: every browser takes these (some not the text). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Registered a few seconds after the first load (serviceWorker.ts); registering again is harmless and makes it now.
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one (null without a service worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

export type SubscribeResult = { ok: true; subscription: PushSubscriptionJSON } | { ok: false; reason: 'denied' | 'failed' };

/** Asks for permission (the browser's prompt), then subscribes with the server's public key. */
export async function subscribeThisDevice(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: permission === 'denied' ? 'denied' : 'failed' };
  try {
    const ready = await within(registration(), SUBSCRIBE_TIMEOUT_MS);
    const existing = await ready.pushManager.getSubscription();
    const subscription =
      existing ?? (await within(ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }), SUBSCRIBE_TIMEOUT_MS));
    return { ok: true, subscription: subscription.toJSON() };
  } catch (error) {
    console.warn('Push subscription failed', error);
    return { ok: false, reason: 'failed' };
  }
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch((error: unknown) => console.warn('Push unsubscribe failed', error));
  return subscription.endpoint;
}
