import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

// The signed-in pages, apart from the sign-in and public pages of app/pages.tsx: the console shell
// imports these, the router those (vite.config's shell chunk tells the two apart by that).
// Pages load their code on demand; screens that later issues own show their title until then.
const ComingSoon = lazy(() => import('./pages/coming-soon-page'));
const UserList = lazy(() => import('@/features/user/pages/user-list-page'));
const RoleList = lazy(() => import('@/features/role/pages/role-list-page'));
const Resources = lazy(() => import('@/features/resource/pages/resource-page'));
const ChangePassword = lazy(() => import('@/features/user-center/pages/change-password-page'));
const PersonalData = lazy(() => import('@/features/user-center/pages/personal-data-page'));
const OrgData = lazy(() => import('@/features/user-center/pages/org-data-page'));
const PlantList = lazy(() => import('@/features/plant/pages/plant-list-page'));
const PlantDetail = lazy(() => import('@/features/plant/pages/plant-detail-page'));
const Dashboard = lazy(() => import('@/features/dashboard/pages/dashboard-page'));
const DeviceList = lazy(() => import('@/features/device/pages/device-list-page'));
const DeviceDetail = lazy(() => import('@/features/device/pages/device-detail-page'));
const DeviceDataOverview = lazy(() => import('@/features/device/pages/device-data-overview-page'));
const DeviceUpdateLog = lazy(() => import('@/features/device/pages/device-update-log-page'));
const DataAcquisition = lazy(() => import('@/features/device/pages/data-acquisition-page'));
const OrgGroupList = lazy(() => import('@/features/org/pages/org-group-list-page'));
const OrgList = lazy(() => import('@/features/org/pages/org-list-page'));
const AuditList = lazy(() => import('@/features/audit/pages/audit-list-page'));
const Firmware = lazy(() => import('@/features/firmware/pages/firmware-page'));
const MqttConfig = lazy(() => import('@/features/system/pages/mqtt-page'));
const FaultList = lazy(() => import('@/features/fault/pages/fault-list-page'));
const MailOutbox = lazy(() => import('@/features/system/pages/mail-outbox-page'));
const ErrorLog = lazy(() => import('@/features/system/pages/error-log-page'));
const ContactUs = lazy(() => import('@/features/content/pages/contact-us-page'));
const UserGuide = lazy(() => import('@/features/content/pages/user-guide-page'));
const Faqs = lazy(() => import('@/features/content/pages/faqs-page'));
const ProductOptions = lazy(() => import('@/features/product/pages/product-options-page'));
const ProviderList = lazy(() => import('@/features/provider/pages/provider-list-page'));
const ProviderManagement = lazy(() => import('@/features/provider/pages/provider-management-page'));
const CustomerList = lazy(() => import('@/features/customer/pages/customer-list-page'));
const PowerCompany = lazy(() => import('@/features/tariff/pages/power-company-page'));

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
};

export const pageFor = (name: string): Page => PAGES[name] ?? ComingSoon;
