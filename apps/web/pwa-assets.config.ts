import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/**
 * The installed app's icons, drawn from public/favicon.svg into public/
 * (`pnpm --filter @app/web run icons`; the PNGs are committed). The maskable
 * and Apple icons sit on the logo's own violet so a launcher's mask never
 * shows a white rim.
 */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: '#3907e7' } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#3907e7' } },
  },
  images: ['public/favicon.svg'],
});
