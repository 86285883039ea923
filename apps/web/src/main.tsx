import '@portal/ui/theme/fonts.css';
import '@portal/ui/theme/tokens.css';
import '@portal/ui/theme/global.css';
import { languageFontsReady } from '@portal/ui/language-fonts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLanguage } from './lib/i18n';
import { captureStartupPromo } from './lib/startup-promo';
import { adoptTokenFromUrl, adoptVisitParamsFromUrl } from './lib/storage';

// Before anything reads the URL or calls the API: a `token` query parameter becomes the session token.
adoptTokenFromUrl();
// Referral codes and e-mailed reset links are read once per visit, before any redirect drops the query.
adoptVisitParamsFromUrl();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain the #root element');
// The start-up cover's promotion, read before the first render replaces the cover with the app's identical one.
captureStartupPromo(container);

const root = createRoot(container);
// A Bengali visitor's first render waits for the Bengali faces (at most 3 s; see languageFontsReady), under the cover
// index.html has already painted.
// The first render is a transition: React builds the tree in slices that yield to the browser every few
// milliseconds instead of one long task (the cover index.html painted stays on screen meanwhile).
void languageFontsReady(currentLanguage()).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
