import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllMessages } from '@/lib/i18n';

type Page = LazyExoticComponent<ComponentType>;

// The signed-in pages, apart from the sign-in and public pages of app/pages.tsx: the console shell
// imports these, the router those (vite.config's shell chunk tells the two apart by that).
// Pages load their code on demand; screens that later issues own show their title until then.
// Each page but the dashboard loads every console text with its code: the shell brings only its
// own and the dashboard's (lib/message-parts.ts).
const page = (load: () => Promise<{ default: ComponentType }>): Page =>
  lazy(() => Promise.all([load(), loadAllMessages()]).then(([p]) => p));
const ComingSoon = page(() => import('./pages/coming-soon-page'));
const UserList = page(() => import('@/features/user/pages/user-list-page'));
const RoleList = page(() => import('@/features/role/pages/role-list-page'));
const Resources = page(() => import('@/features/resource/pages/resource-page'));
const ChangePassword = page(() => import('@/features/user-center/pages/change-password-page'));
const PersonalData = page(() => import('@/features/user-center/pages/personal-data-page'));
const OrgData = page(() => import('@/features/user-center/pages/org-data-page'));
const PlantList = page(() => import('@/features/plant/pages/plant-list-page'));
const PlantDetail = page(() => import('@/features/plant/pages/plant-detail-page'));
const Dashboard = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const DeviceList = page(() => import('@/features/device/pages/device-list-page'));
const DeviceDetail = page(() => import('@/features/device/pages/device-detail-page'));
const DeviceDataOverview = page(() => import('@/features/device/pages/device-data-overview-page'));
const DeviceUpdateLog = page(() => import('@/features/device/pages/device-update-log-page'));
const DataAcquisition = page(() => import('@/features/device/pages/data-acquisition-page'));
const OrgGroupList = page(() => import('@/features/org/pages/org-group-list-page'));
const OrgList = page(() => import('@/features/org/pages/org-list-page'));
const AuditList = page(() => import('@/features/audit/pages/audit-list-page'));
const Firmware = page(() => import('@/features/firmware/pages/firmware-page'));
const MqttConfig = page(() => import('@/features/system/pages/mqtt-page'));
const FaultList = page(() => import('@/features/fault/pages/fault-list-page'));
const MailOutbox = page(() => import('@/features/system/pages/mail-outbox-page'));
const ErrorLog = page(() => import('@/features/system/pages/error-log-page'));
const ContactUs = page(() => import('@/features/content/pages/contact-us-page'));
const UserGuide = page(() => import('@/features/content/pages/user-guide-page'));
const Faqs = page(() => import('@/features/content/pages/faqs-page'));
const ProductOptions = page(() => import('@/features/product/pages/product-options-page'));
const ProviderList = page(() => import('@/features/provider/pages/provider-list-page'));
const ProviderManagement = page(() => import('@/features/provider/pages/provider-management-page'));
const CustomerList = page(() => import('@/features/customer/pages/customer-list-page'));
const PowerCompany = page(() => import('@/features/tariff/pages/power-company-page'));
const Industries = page(() => import('@/features/industry/pages/industry-list-page'));

const PAGES: Record<string, Page> = {
  user: UserList,
  role: RoleList,
  res: Resources,
  rootChangePassword: ChangePassword,
  changePassword: ChangePassword,
  personalData: PersonalData,
  orgData: OrgData,
  power_station_list: PlantList,
  power_station_detail: PlantDetail,
  dashboard: Dashboard,
  devices__manage: DeviceList,
  devices_detail: DeviceDetail,
  devices_data_overview: DeviceDataOverview,
  devices_update_log: DeviceUpdateLog,
  data: DataAcquisition,
  orgGroup: OrgGroupList,
  org: OrgList,
  audit: AuditList,
  cmd: Firmware,
  mqtt: MqttConfig,
  problem: FaultList,
  mail_outbox: MailOutbox,
  error_log: ErrorLog,
  contactUs: ContactUs,
  userGuide: UserGuide,
  faqs: Faqs,
  product_problem: ProductOptions,
  service_provider: ProviderList,
  service_provider_management: ProviderManagement,
  clients_list: CustomerList,
  'power-company': PowerCompany,
  industries: Industries,
};

export const pageFor = (name: string): Page => PAGES[name] ?? ComingSoon;
