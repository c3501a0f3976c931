import { defineModule } from '../../lib/module.js';
import { avatarRoutes } from './avatar.routes.js';
import { profileRoutes } from './profile.routes.js';

/** The user center: your account, organisation and avatar. */
export const profileModule = defineModule({
  name: 'profile',
  routes: async (app) => {
    await app.register(profileRoutes);
    await app.register(avatarRoutes);
  },
});
