// Line icons for the editor's tools, drawn like src/ui/icons.tsx (24x24, stroke) and kept here since only the
// editor uses them.
const PATHS = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zm0 7h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M19 4h-9M14 20H5M15 4 9 20',
  heading: 'M6 4v16M18 4v16M6 12h12',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  code: 'M8 7l-5 5 5 5M16 7l5 5-5 5',
  quote: 'M4 11h5v6H4zm0 0c0-3 1.5-5 4-6M14 11h5v6h-5zm0 0c0-3 1.5-5 4-6',
  bulletList: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  numberedList: 'M10 6h11M10 12h11M10 18h11M4 4v4M3 8h2M3 14.5a1.5 1.5 0 0 1 3 0c0 1.5-3 2-3 3.5h3',
  image: 'M4 5h16v14H4zm0 10 4-4 4 4 3-3 5 5M15 9h.01',
  video: 'M3 6h13v12H3zm13 4 5-3v10l-5-3',
  emoji: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 14a5 5 0 0 0 8 0M9 9h.01M15 9h.01',
} as const;

export type ToolIconName = keyof typeof PATHS;

export function ToolIcon({ name }: { name: ToolIconName }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
