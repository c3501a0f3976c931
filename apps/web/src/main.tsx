import { createRoot } from 'react-dom/client';
import { RootApp } from './app/app';
import { initI18n } from './lib/i18n';
import './styles.css';

initI18n();
createRoot(document.getElementById('root')!).render(<RootApp />);
