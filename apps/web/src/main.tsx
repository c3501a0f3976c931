import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorReporting } from './lib/error-reporter';
import { getLanguage, initI18n, loadLanguage } from './lib/i18n';
import './styles.css';

// i18n is ready before the first render, so no screen ever shows a raw key.
const language = getLanguage();
await loadLanguage(language, 'boot');
initI18n(language);
installErrorReporting();
const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in short tasks instead of one long one (the boot
// dots of index.html stay until it is ready).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
