import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

/** The email field both forms use; its value is validated on submit (toasts), not by the browser. */
export function EmailField({
  id,
  value,
  onChange,
  autoFocusTarget = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The landing page focuses this field when "Get Started"/"Login" opens the form. */
  autoFocusTarget?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-autofocus-target={autoFocusTarget || undefined}
      />
    </div>
  );
}

/** A full-width submit button that shows a spinner and `pendingLabel` while its request runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
}: {
  pending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending} className={className ?? 'w-full'}>
      {pending ? (
        <>
          <Spinner /> {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/**
 * An email address that wraps only where an address may break (after "@" and before each
 * "."), mid-word only as a last resort on a screen too narrow for one of its parts.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at + 1), ...email.slice(at + 1).split(/(?=\.)/)];
  return (
    <strong className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {part}
        </span>
      ))}
    </strong>
  );
}

/**
 * The placeholder says what goes in, in the muted sans style of every other placeholder: sample
 * digits in the code's own large monospaced style looked like a value already filled in.
 */
export const CODE_PLACEHOLDER_CLASSES =
  'placeholder:font-sans placeholder:text-sm placeholder:tracking-normal';
