import '@portal/ui/theme/fonts.css';
import '@portal/ui/theme/tokens.css';
import '@portal/ui/theme/global.css';
import './components/ui/theme/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain the #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
