/** Demo accounts seeded when DEMO is on (README lists them). */
export const DEMO_PASSWORD = 'demo123456';
export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    descriptionKey: 'demo.admin',
    description: 'platform administrator (ROOT), every menu and button',
  },
  {
    username: 'agent',
    descriptionKey: 'demo.agent',
    description: 'service provider: no dashboard, starts at the plant list, sees only its organisation',
  },
  {
    username: 'viewer',
    descriptionKey: 'demo.viewer',
    description: 'read-only: every menu, no create/edit/delete buttons',
  },
  {
    username: 'customer',
    descriptionKey: 'demo.customer',
    description: 'a plant owner (customer account): only its own plants and their devices, read-only',
  },
] as const;
