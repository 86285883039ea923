import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Registers the console's i18next instance with react-i18next, as main.tsx does through the app provider.
import { i18n } from '@/lib/i18n';

// Testing Library unmounts automatically only when test globals are on; this suite imports them explicitly.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('en');
});
