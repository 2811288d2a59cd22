// The home page's welcome: what the forum is for, and where to start.
import { ButtonLink } from '../../ui/Button.tsx';

/** The welcome, with sign-up for visitors: the server renders a visitor's into the HTML (src/ssr). */
export function HomeHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="hero">
      <h1>Welcome to the GuapCoin Forum</h1>
      <p className="muted">News, help and discussion for everyone who holds, builds with or is curious about GUAPX.</p>
      <div className="hero-actions">
        <ButtonLink to="/create-thread" variant="primary">
          Start a Discussion
        </ButtonLink>
        {!signedIn && (
          <ButtonLink to="/auth" search={{ register: true }}>
            Signup here
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
