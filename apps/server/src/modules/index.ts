import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { clientErrorModule } from './client-error/index.js';
import { contentModule } from './content/index.js';
import { customerModule } from './customer/index.js';
import { dashboardModule } from './dashboard/index.js';
import { deviceModule } from './device/index.js';
import { faultModule } from './fault/index.js';
import { firmwareModule } from './firmware/index.js';
import { industryModule } from './industry/index.js';
import { mailModule } from './mail/index.js';
import { notificationModule } from './notification/index.js';
import { orgModule } from './org/index.js';
import { plantModule } from './plant/index.js';
import { productSupportModule } from './product-support/index.js';
import { productModule } from './product/index.js';
import { profileModule } from './profile/index.js';
import { providerModule } from './provider/index.js';
import { resourceModule } from './resource/index.js';
import { roleModule } from './role/index.js';
import { searchModule } from './search/index.js';
import { systemModule } from './system/index.js';
import { tariffModule } from './tariff/index.js';
import { userModule } from './user/index.js';

/**
 * Every server module, each one's whole definition (lib/module.ts): its routes, jobs and
 * migrations. The one list of modules; adding a domain adds its line here
 * (docs/adding-a-domain.md).
 */
export const MODULES = [
  authModule,
  profileModule,
  userModule,
  roleModule,
  resourceModule,
  orgModule,
  deviceModule,
  systemModule,
  productModule,
  faultModule,
  firmwareModule,
  plantModule,
  auditModule,
  customerModule,
  searchModule,
  notificationModule,
  clientErrorModule,
  contentModule,
  productSupportModule,
  tariffModule,
  providerModule,
  mailModule,
  dashboardModule,
  industryModule,
] as const;
