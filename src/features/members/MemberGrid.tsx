// The card grid, windowed by rows as the thread's post list is by pages: only the rows near the viewport are in the
// DOM, the others are space of their measured (or estimated) height, so 10,000 members scroll like 20.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ProfileRow } from '../../data/types.ts';
import styles from './Members.module.css';

/** A card with its two-line bio and stats row, plus the gap under it; rows are measured once shown. */
const ROW_ESTIMATE = 214;
const GAP = 16;
/**
 * Rows rendered beyond each edge of the viewport, so a fling does not outrun them; none in the first frame, which
 * shows only what is seen, and sooner.
 */
const OVERSCAN = 3;

/** As many columns as fit cards of at least this width. */
const MIN_CARD_WIDTH = 270;

function columnsFor(width: number): number {
  return Math.max(1, Math.min(3, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));
}

/** The grid's width and its distance from the top of the page, kept up to date as the layout changes. */
function useGridBox() {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = { width: rect.width, top: rect.top + window.scrollY };
      setBox((b) => (b.width === next.width && b.top === next.top ? b : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...box };
}

interface MemberGridProps {
  members: ProfileRow[];
  renderCard(member: ProfileRow): ReactNode;
  /** Called when the last row comes near: the next server page may follow. */
  onEnd(): void;
  /** The first cards are being shown: render the rows in view only. */
  firstFrame: boolean;
}

export function MemberGrid({ members, renderCard, onEnd, firstFrame }: MemberGridProps) {
  const { ref, width, top } = useGridBox();
  const columns = columnsFor(width || window.innerWidth);
  const rows = Math.ceil(members.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ROW_ESTIMATE,
    overscan: firstFrame ? 0 : OVERSCAN,
    gap: GAP,
    scrollMargin: top,
  });
  const shown = virtualizer.getVirtualItems();
  const lastShown = shown.at(-1)?.index;
  useEffect(() => {
    if (lastShown !== undefined && lastShown >= rows - 1) onEnd();
  }, [lastShown, rows, onEnd]);
  return (
    <div
      ref={ref}
      className={styles.grid}
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="member-grid"
      data-count={members.length}
    >
      {shown.map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className={styles.row}
          style={{
            transform: `translateY(${row.start - top}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {members.slice(row.index * columns, (row.index + 1) * columns).map(renderCard)}
        </div>
      ))}
    </div>
  );
}
