import { captureInstallPrompt } from '../hooks/install-prompt';
import { registerServiceWorker } from './register-service-worker';

/**
 * Makes the portal installable: listens for the browser's install offer first, then registers the service worker
 * (whose activation is what lets the browser make the offer), so the offer is never missed. Loaded just after the
 * first paint.
 */
export function startInstallability({ serviceWorker }: { serviceWorker: boolean }): void {
  captureInstallPrompt();
  if (serviceWorker) registerServiceWorker();
}
