import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Registers the console's i18next instance with react-i18next, as main.tsx does through the app provider.
import { i18n } from '@/lib/i18n';

// Screens load their code on demand (lazy routes and dialogs); on a busy machine the first render of a file
// transforms all of it, so the find* queries wait up to 3 s instead of Testing Library's 1 s (as the portal's tests).
configure({ asyncUtilTimeout: 3000 });

// Testing Library unmounts automatically only when test globals are on; this suite imports them explicitly.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
