import { loadLanguage } from '@/lib/i18n';

// The console loads most English texts with its signed-in shell or a public page (lib/i18n);
// components under test render with all of them.
await loadLanguage('en');
