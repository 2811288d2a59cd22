// UI state of the shell (SPEC §4 "UI states"): the desktop sidebar width is remembered, the phone drawer is not.
// The one remembered flag is read and written here rather than through zustand's persist middleware, which added
// 0.7 KB gzip to the first screen for it. Its stored form is the middleware's, so a device keeps what it had.
import { create } from 'zustand';

interface UiState {
  sidebarCollapsed: boolean;
  drawerOpen: boolean;
  toggleSidebar(): void;
  setDrawerOpen(open: boolean): void;
}

export const UI_STORAGE_KEY = 'guap.ui';

/** The calls the store makes of the device's storage. */
type KeptState = Pick<Storage, 'getItem' | 'setItem'>;

/** What this device remembered: false when nothing (or nothing readable) was kept. */
function rememberedCollapsed(storage: KeptState | undefined): boolean {
  try {
    const text = storage?.getItem(UI_STORAGE_KEY);
    if (!text) return false;
    return (JSON.parse(text) as { state?: { sidebarCollapsed?: unknown } }).state?.sidebarCollapsed === true;
  } catch (error) {
    console.warn('The remembered sidebar state could not be read; the sidebar starts open', error);
    return false;
  }
}

/** The shell's store over `storage`: none on the server, where nothing is remembered. */
export function createUiStore(storage: KeptState | undefined) {
  const store = create<UiState>()((set) => ({
    sidebarCollapsed: rememberedCollapsed(storage),
    drawerOpen: false,
    toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
    setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  }));
  store.subscribe((state, previous) => {
    if (state.sidebarCollapsed === previous.sidebarCollapsed) return;
    const kept = JSON.stringify({ state: { sidebarCollapsed: state.sidebarCollapsed }, version: 0 });
    try {
      storage?.setItem(UI_STORAGE_KEY, kept);
    } catch (error) {
      console.warn('The sidebar state could not be remembered on this device', error);
    }
  });
  return store;
}

/** The browser's local storage; none on the server, or where the browser refuses it (storage blocked). */
function deviceStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch (error) {
    console.warn('Local storage is blocked: the sidebar state is not remembered', error);
    return undefined;
  }
}

export const useUiStore = createUiStore(deviceStorage());
