import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The shared components' own tests, in a browser-like DOM; the apps test them again in their screens. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
