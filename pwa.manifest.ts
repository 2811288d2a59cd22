// The web app manifest: what the install dialog, the launcher and the OS share sheet know about the forum.
import type { ManifestOptions } from 'vite-plugin-pwa';

/** The shell's own colours (src/ui/theme.css), so the splash screen and title bar match the app. */
export const THEME_COLOR = '#0d0f14';

const icon = (size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${purpose === 'any' ? 'icon' : 'maskable'}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'GuapCoin Forum',
  short_name: 'GuapCoin',
  description: 'The GuapCoin (GUAPX) community forum: discussions, support and private messages, online or offline.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  display_override: ['window-controls-overlay', 'standalone'],
  theme_color: THEME_COLOR,
  background_color: THEME_COLOR,
  categories: ['social', 'finance'],
  icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
  shortcuts: [
    { name: 'New Thread', short_name: 'New Thread', url: '/create-thread', icons: [icon(192, 'any')] },
    { name: 'Messages', short_name: 'Messages', url: '/messages', icons: [icon(192, 'any')] },
    { name: 'Wallet', short_name: 'Wallet', url: '/wallet', icons: [icon(192, 'any')] },
  ],
  // Shown by the richer install dialog; rendered by scripts/generate-screenshots.ts.
  screenshots: [
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Home on desktop',
    },
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Home on a phone',
    },
  ],
  // Text or a link shared to the installed app opens Create Thread, filled in with it.
  share_target: {
    action: '/create-thread',
    method: 'GET',
    params: { title: 'title', text: 'text', url: 'url' },
  },
};
