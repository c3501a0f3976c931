import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '8080';

export default defineConfig({
  plugins: [react()],
  define: {
    __BRAND__: JSON.stringify(process.env.BRAND ?? 'default'),
    __SAAS__: JSON.stringify(process.env.SAAS === 'true'),
  },
  server: {
    proxy: { '/photo_voltaic': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|rc-[^\\/]+|@rc-component)[\\/]/ },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
          ],
        },
      },
    },
  },
});
