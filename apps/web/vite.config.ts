import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  build: {
    // The server build is loaded by Node 20 (apps/server); the client targets current browsers.
    target: 'es2022',
  },
});
