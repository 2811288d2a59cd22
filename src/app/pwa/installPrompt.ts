// "Install app": the browser's install prompt, kept from the moment it fires (often before any menu is open), and
// the iOS case, where Safari has no prompt and the member adds the app from the share sheet.
import { useSyncExternalStore } from 'react';
import { earlyInstallPrompt } from '../boot/earlyInput.ts';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type InstallOption = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios' } | null;

function createInstallPrompt(win: Window) {
  let deferred = (earlyInstallPrompt(win) as InstallPromptEvent | undefined) ?? null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
  const standalone = win.matchMedia('(display-mode: standalone)').matches;
  const ios = /iPhone|iPad|iPod/.test(win.navigator.userAgent) && !standalone;
  let option: InstallOption = null;
  const snapshot = (): InstallOption => {
    const next: InstallOption = deferred
      ? {
          kind: 'prompt',
          install: async () => {
            const event = deferred;
            deferred = null;
            notify();
            await event?.prompt();
          },
        }
      : ios
        ? { kind: 'ios' }
        : null;
    if (next?.kind !== option?.kind) option = next;
    return option;
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
  };
}

type InstallPrompt = ReturnType<typeof createInstallPrompt>;

export function useInstallOption(prompt: InstallPrompt): InstallOption {
  return useSyncExternalStore(prompt.subscribe, prompt.snapshot);
}

let appPrompt: InstallPrompt | undefined;

/** The page's one install prompt; an early beforeinstallprompt is kept by index.html until the menu first asks. */
export function appInstallPrompt(): InstallPrompt {
  appPrompt ??= createInstallPrompt(window);
  return appPrompt;
}
