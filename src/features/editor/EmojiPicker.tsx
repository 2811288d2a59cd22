// The emoji picker (SPEC §2, §9): a Radix popover with about 90 emojis in 8 columns, moved through with the arrow keys.
import { Popover } from 'radix-ui';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './ContentEditor.module.css';
import { EMOJI_COLUMNS, EMOJIS } from './emojis.ts';

const STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: EMOJI_COLUMNS,
  ArrowUp: -EMOJI_COLUMNS,
};

export function EmojiPicker({ trigger, onPick }: { trigger: ReactNode; onPick(emoji: string): void }) {
  const grid = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    const buttons = [...(grid.current?.querySelectorAll('button') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (step === undefined || index === -1) return;
    event.preventDefault();
    buttons[Math.min(buttons.length - 1, Math.max(0, index + step))]?.focus();
  };

  return (
    <Popover.Root>
      {trigger}
      <Popover.Portal>
        <Popover.Content
          className={styles.emojiPopover}
          sideOffset={6}
          collisionPadding={8}
          align="start"
          aria-label="Emoji picker"
          // The editor takes focus back to go on typing after the emoji, so the trigger must not.
          onCloseAutoFocus={(e) => e.preventDefault()}
        >
          <div
            ref={grid}
            className={styles.emojiGrid}
            style={{ gridTemplateColumns: `repeat(${EMOJI_COLUMNS}, 1fr)` }}
            onKeyDown={onKeyDown}
          >
            {EMOJIS.map((emoji) => (
              <Popover.Close asChild key={emoji}>
                <button
                  type="button"
                  className={styles.emoji}
                  aria-label={`Insert ${emoji}`}
                  onClick={() => onPick(emoji)}
                >
                  {emoji}
                </button>
              </Popover.Close>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export const EmojiPickerTrigger = Popover.Trigger;
