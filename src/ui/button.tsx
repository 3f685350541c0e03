import type { ComponentPropsWithRef } from 'react';
import * as styles from './button.css';

export type ButtonVariant = keyof typeof styles.button;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  fullWidth = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = [styles.button[variant], fullWidth && styles.fullWidth, className];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...props} />;
}
