import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/memoryStorage.ts';
import { createUiStore, UI_STORAGE_KEY } from './uiStore.ts';

describe('the shell store', () => {
  it('starts with the sidebar as this device left it, in the form zustand persist kept', () => {
    const kept = memoryStorage({ [UI_STORAGE_KEY]: '{"state":{"sidebarCollapsed":true},"version":0}' });
    expect(createUiStore(kept).getState().sidebarCollapsed).toBe(true);
    expect(createUiStore(memoryStorage()).getState().sidebarCollapsed).toBe(false);
  });

  it('remembers a toggle of the sidebar, and not the phone drawer', () => {
    const storage = memoryStorage();
    const store = createUiStore(storage);
    store.getState().setDrawerOpen(true);
    expect(storage.getItem(UI_STORAGE_KEY)).toBeNull();
    store.getState().toggleSidebar();
    expect(createUiStore(storage).getState()).toMatchObject({ sidebarCollapsed: true, drawerOpen: false });
    store.getState().toggleSidebar();
    expect(createUiStore(storage).getState().sidebarCollapsed).toBe(false);
  });

  it('starts open when what was kept cannot be read, and when nothing can be kept', () => {
    const broken = memoryStorage({ [UI_STORAGE_KEY]: '{not json' });
    expect(createUiStore(broken).getState().sidebarCollapsed).toBe(false);
    const server = createUiStore(undefined);
    server.getState().toggleSidebar();
    expect(server.getState().sidebarCollapsed).toBe(true);
  });
});
