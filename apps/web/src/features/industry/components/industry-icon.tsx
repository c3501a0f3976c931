import {
  AppstoreOutlined,
  BorderOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { IndustryIcon as Icon } from '@pv/contract';
import type { ReactNode } from 'react';

const ICONS: Record<Icon, ReactNode> = {
  inverter: <ThunderboltOutlined />,
  battery: <DatabaseOutlined />,
  logger: <WifiOutlined />,
  meter: <DashboardOutlined />,
  charger: <CarOutlined />,
  module: <BorderOutlined />,
  other: <AppstoreOutlined />,
};

/** The picture of an industry's icon. */
export const IndustryIcon = ({ icon }: { icon: Icon }) => <span aria-hidden>{ICONS[icon]}</span>;
