// The forum's mark inline: public/icon.svg's coin and G, at 64 units. As an <img> of an SVG file (a favicon.svg) it
// was a document of its own, laid out on the page's thread after the first paint, and its G, then a text in Arial,
// held that task for 40-90 ms of font lookup (a first visit's traces, this machine).
export function BrandMark({ size }: { size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden
      fill="none"
      stroke="#0d0f14"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx={32} cy={32} r={31} fill="#f5b301" stroke="none" />
      <circle cx={32} cy={32} r={24.5} strokeWidth={2.5} />
      <path d="M42.6 21.4A15 15 0 1 0 47 32H33.8" strokeWidth={5.5} />
    </svg>
  );
}
