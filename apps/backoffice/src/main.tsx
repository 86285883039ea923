import '@portal/ui/theme/fonts.css';
import '@portal/ui/theme/tokens.css';
import '@portal/ui/theme/global.css';
import './components/ui/theme/console.css';
import { languageFontsReady } from '@portal/ui/language-fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { currentLanguage } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain the #root element');

const root = createRoot(container);
// A Bengali console waits for its faces (see languageFontsReady; at most 3 s) before its first render.
void languageFontsReady(currentLanguage()).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
