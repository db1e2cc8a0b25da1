import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const FAVICON = new URL('../public/favicon.svg', import.meta.url);

/** The manifest's icons: `icons/icon-{size}.png` and a maskable one with the safe-zone margin. */
export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * Draws the installable app's PNG icons from `public/favicon.svg` (shapes only, no text, so no
 * font is needed) into the client build. Generated at build time: no binary icons in git.
 */
export function appIcons(): Plugin {
  return {
    name: 'hondana-app-icons',
    apply: 'build',
    async generateBundle() {
      if (this.environment.config.build.ssr) return;
      const svg = await readFile(FAVICON);
      const draw = (size: number) =>
        sharp(svg, { density: (72 * size) / 32 })
          .resize(size, size)
          .png()
          .toBuffer();
      for (const size of [192, 512]) this.emitFile({ type: 'asset', fileName: `icons/icon-${size}.png`, source: await draw(size) });
      // Maskable: launchers crop to a circle or squircle, so the mark sits inside the middle 80%.
      const inner = await draw(408);
      const maskable = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#b23a2e' } })
        .composite([{ input: inner, top: 52, left: 52 }])
        .png()
        .toBuffer();
      this.emitFile({ type: 'asset', fileName: 'icons/icon-maskable-512.png', source: maskable });
    },
  };
}
