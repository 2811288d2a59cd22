// The empty category: the spec's text, and the way to post first or to sign in.
import { ButtonLink } from '../../ui/Button.tsx';
import styles from '../../ui/threadList/ThreadList.module.css';

export function CategoryEmpty({ signedIn }: { signedIn: boolean }) {
  return (
    <div className={styles.empty}>
      <p>No threads in this category yet.</p>
      {signedIn ? (
        <ButtonLink to="/create-thread" variant="primary">
          Be the first to post
        </ButtonLink>
      ) : (
        <ButtonLink to="/auth">Sign in to start posting</ButtonLink>
      )}
    </div>
  );
}
