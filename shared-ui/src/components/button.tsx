import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return variant === 'primary' ? 'ui-button' : `ui-button ui-button--${variant}`;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={[buttonClass(variant), className].filter(Boolean).join(' ')} {...props} />;
}
