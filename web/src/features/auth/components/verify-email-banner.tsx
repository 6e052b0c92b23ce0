import { useId, useState, type ClipboardEvent, type FormEvent } from 'react';
import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_TTL_MINUTES, type User } from '@/lib/contracts';
import { useRequestLoginCode, useVerifyEmail } from '../api';
import { sanitizeCodeInput } from '../code-input';
import { validateLoginCode } from '../validation';
import { CODE_PLACEHOLDER_CLASSES, EmailAddress, SubmitButton } from './form-parts';
import { cn } from '@/lib/utils';

/**
 * Shown under the header of every signed-in page while the account's email is unproven
 * (decision 015). Registering does not prove the address is yours; entering a code sent to it
 * does; the account keeps what it holds, and every other device signed in to it is signed out.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  const id = useId();
  /** Codes sent from this banner: the hint says when a new one went out (no toast). */
  const [codesSent, setCodesSent] = useState(0);
  const codeSent = codesSent > 0;
  const [code, setCode] = useState('');
  const requestCode = useRequestLoginCode();
  const verify = useVerifyEmail();

  if (user.emailVerified) return null;

  function sendCode() {
    requestCode.mutate(user.email, {
      onSuccess: () => {
        setCode('');
        setCodesSent((n) => n + 1);
      },
    });
  }

  function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateLoginCode(user.email, code);
    if (!result.ok) {
      toast({ title: result.problem.title, description: result.problem.message, variant: 'destructive' });
      return;
    }
    verify.mutate(result.value);
  }

  function onPasteCode(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    setCode(sanitizeCodeInput(event.clipboardData.getData('text'), LOGIN_CODE_LENGTH));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="flex items-start gap-3 text-sm">
          <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
          <div>
            <h2 id={`${id}-title`} className="font-semibold">
              Verify your email
            </h2>
            <p className="text-foreground">
              Confirm that <EmailAddress email={user.email} /> is yours with a code we email you. Your journal
              and analyses stay; any other device signed in to this account is signed out.
            </p>
          </div>
        </div>

        {codeSent ? (
          <form
            onSubmit={onVerify}
            noValidate
            aria-label="Verify email"
            className="flex flex-wrap items-end gap-2 lg:shrink-0"
          >
            <div className="grid gap-1">
              <Label htmlFor={`${id}-code`}>Verification code</Label>
              <Input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={LOGIN_CODE_LENGTH}
                placeholder={`${LOGIN_CODE_LENGTH}-digit code`}
                aria-describedby={`${id}-code-hint`}
                className={cn('w-40 font-mono tracking-widest', CODE_PLACEHOLDER_CLASSES)}
                value={code}
                onChange={(e) => setCode(sanitizeCodeInput(e.target.value, LOGIN_CODE_LENGTH))}
                onPaste={onPasteCode}
                autoFocus
              />
            </div>
            <SubmitButton pending={verify.isPending} pendingLabel="Verifying..." className="h-9">
              Confirm email
            </SubmitButton>
            <Button
              type="button"
              variant="link"
              className="h-9 px-1"
              disabled={requestCode.isPending}
              onClick={sendCode}
            >
              {requestCode.isPending ? 'Sending...' : 'Resend code'}
            </Button>
            <p id={`${id}-code-hint`} role="status" className="w-full text-xs text-muted-foreground">
              We sent {codesSent > 1 ? 'a new' : 'an'} {LOGIN_CODE_LENGTH}-digit code to your email; it is
              valid for {LOGIN_CODE_TTL_MINUTES} minutes.
            </p>
          </form>
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start lg:self-auto"
            disabled={requestCode.isPending}
            onClick={sendCode}
          >
            {requestCode.isPending ? 'Sending...' : 'Send verification code'}
          </Button>
        )}
      </div>
    </section>
  );
}
