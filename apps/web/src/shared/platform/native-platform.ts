/** Capacitor's native bridge defines `window.Capacitor` inside the app's web view (apps/mobile); a browser has none. */
export function isNativePlatform(): boolean {
  const capacitor = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return capacitor?.isNativePlatform?.() === true;
}
