// Keyboard reading on desktop, as Discourse's: one keydown listener for the whole shell that hands each key to the
// keymap, and does the action on the page or opens the "?" dialog.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { takeEarlyKeys } from '../boot/earlyInput.ts';
import { interpretKey, type Pending } from './keymap.ts';
import { runPageAction } from './pageActions.ts';
import { selectedItem } from './selection.ts';
import { lazyWhenOpen } from '../../ui/lazyWhenOpen.tsx';

/** Loaded when "?" is first pressed: the dialog's code is not the first screen's. */
const ShortcutsDialog = lazyWhenOpen(() => import('./ShortcutsDialog.tsx').then((m) => m.ShortcutsDialog));

/** Where another layer owns the keyboard: a dialog, a menu, a dropdown's list, or the button that opens one. */
const OVERLAY =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="combobox"], [aria-haspopup]';

function inOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(OVERLAY) !== null;
}

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || inOverlay(event.target)) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const { key, ctrlKey, metaKey, altKey } = event;
      const { action, pending: next } = interpretKey(
        { key, ctrlKey, metaKey, altKey, target },
        pending.current,
        event.timeStamp,
      );
      pending.current = next;
      if (!action) return;
      const main = document.getElementById('main') ?? document.body;
      // Enter on a link or button is theirs; it opens the selection only when the selection has the focus.
      if (event.key === 'Enter' && target !== null && target !== document.body && target !== selectedItem(main)) return;
      let done = true;
      if (action === 'home') void navigate({ to: '/' });
      else if (action === 'help') setHelpOpen(true);
      else done = runPageAction(action, main);
      // Taken keys do nothing else: "/" and "r" would otherwise type themselves into the field they just focused.
      if (done) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    for (const event of takeEarlyKeys()) onKeyDown(event);
    // A selected post scrolled out of the window and back is a new element: mark it again, so its ring stays.
    const main = document.getElementById('main');
    const remark = new MutationObserver(() => {
      if (main) selectedItem(main);
    });
    if (main) remark.observe(main, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      remark.disconnect();
    };
  }, [navigate]);

  return <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />;
}
