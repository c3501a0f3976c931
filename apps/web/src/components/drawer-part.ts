// antd's Drawer on its own, for components/lazy-drawer.tsx to load on demand
export { Drawer } from 'antd';
