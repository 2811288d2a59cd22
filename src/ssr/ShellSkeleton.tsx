// Where the page goes in the shell of index.html, until the app has drawn it: a heading and a list as placeholders.
// Sized inline: only the start's stylesheets (with `.skeleton`) come with index.html. With JavaScript off the app never
// draws it, so the page says what it needs and where reading works without it.
const ROWS = 5;

export function ShellSkeleton() {
  return (
    <>
      <noscript>
        <p className="error" role="status">
          This page needs JavaScript: turn it on to see it. Without it you can still read the <a href="/">home page</a>,
          its categories and their threads.
        </p>
      </noscript>
      <div aria-busy="true">
        <span className="skeleton" style={{ display: 'block', height: 28, width: '40%', borderRadius: 6 }} />
        <ul style={{ listStyle: 'none', margin: '20px 0 0', padding: 0, display: 'grid', gap: 10 }}>
          {Array.from({ length: ROWS }, (_, i) => (
            <li key={i}>
              <span className="skeleton" style={{ display: 'block', height: 56, borderRadius: 8 }} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
