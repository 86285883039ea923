import './components/ui/theme/tokens.css';
import './components/ui/theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptTokenFromUrl } from './lib/storage';

// Before anything reads the URL or calls the API: a `token` query parameter becomes the session token.
adoptTokenFromUrl();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain the #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
