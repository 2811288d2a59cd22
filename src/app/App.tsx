// The app frame until the full shell lands: a header and the home page.
import { HomePage } from '../features/home/HomePage.tsx';

export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <a href="/" className="brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          GuapCoin Forum
        </a>
      </header>
      <main className="content">
        <HomePage />
      </main>
    </div>
  );
}
