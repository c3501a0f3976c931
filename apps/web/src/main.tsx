import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getLanguage, initI18n, loadLanguage } from './lib/i18n';
import './styles.css';

// i18n is ready before the first render, so no screen ever shows a raw key.
const language = getLanguage();
await loadLanguage(language);
initI18n(language);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
