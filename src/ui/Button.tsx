// The app's button, and the same look for a router link that acts as a button.
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

type ButtonVariant = 'default' | 'primary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  full?: boolean;
  iconOnly?: boolean;
}

function buttonClass({ variant = 'default', full, iconOnly }: Look, extra?: string): string {
  return [styles.button, variant !== 'default' && styles[variant], full && styles.full, iconOnly && styles.icon, extra]
    .filter(Boolean)
    .join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & Look>(function Button(
  { variant, full, iconOnly, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, full, iconOnly }, className)} {...rest} />;
});

/** An external link (another site, a download) styled as a button. */
export const ButtonAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & Look>(
  function StyledAnchor({ variant, full, iconOnly, className, ...rest }, ref) {
    return <a ref={ref} className={buttonClass({ variant, full, iconOnly }, className)} {...rest} />;
  },
);

/** A router link styled as a button. */
export const ButtonLink = createLink(ButtonAnchor);
