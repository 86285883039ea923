import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Registers the app's i18next instance with react-i18next, as main.tsx does through the app provider.
import { i18n } from '@/lib/i18n';
import { closeModal } from '@/lib/modals';
import { syncSessionFromStorage } from '@/lib/session';

// Screens load their code on demand (lazy routes, dialogs, the frame's side menu and footer); on a busy machine the
// first render of a file transforms all of it, so the find* queries wait up to 3 s instead of Testing Library's 1 s.
configure({ asyncUtilTimeout: 3000 });

// Testing Library unmounts automatically only when test globals are on; this suite imports them explicitly.
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  // Module-level stores outlive a test: the open modal and the session read from the storage just cleared.
  closeModal();
  syncSessionFromStorage();
  await i18n.changeLanguage('en');
});
