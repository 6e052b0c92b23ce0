import { useId, useState, type ClipboardEvent, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_TTL_MINUTES } from '@/lib/contracts';
import { useRequestLoginCode, useVerifyLoginCode } from '../api';
import { CODE_PLACEHOLDER_CLASSES, EmailAddress, EmailField, SubmitButton } from './form-parts';
import { sanitizeCodeInput } from '../code-input';
import { validateLoginCode, validateLoginEmail } from '../validation';

function showProblem(problem: { title: string; message: string }) {
  toast({ title: problem.title, description: problem.message, variant: 'destructive' });
}

/**
 * Login in two steps (DECISIONS.md): the email, then the 8-digit code emailed to it.
 * The code step replaces the email step until the user signs in or changes the email.
 */
export function LoginForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  /** How many codes this step has sent: a resend says so in the notice (no toast over the form). */
  const [codesSent, setCodesSent] = useState(0);
  const [code, setCode] = useState('');
  const requestCode = useRequestLoginCode();
  const verify = useVerifyLoginCode();

  function onRequestCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateLoginEmail(email);
    if (!result.ok) return showProblem(result.problem);
    requestCode.mutate(result.value.email, {
      onSuccess: (response) => {
        setCode('');
        setCodeSentTo(response.email);
        setCodesSent(1);
      },
    });
  }

  function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (codeSentTo === null) return;
    const result = validateLoginCode(codeSentTo, code);
    if (!result.ok) return showProblem(result.problem);
    verify.mutate(result.value);
  }

  function onPasteCode(event: ClipboardEvent<HTMLInputElement>) {
    // Accept "1234 5678" or a whole sentence from the email: keep the digits only.
    event.preventDefault();
    setCode(sanitizeCodeInput(event.clipboardData.getData('text'), LOGIN_CODE_LENGTH));
  }

  if (codeSentTo !== null) {
    return (
      <form onSubmit={onVerify} noValidate className="grid gap-4" aria-label="Enter login code">
        <div className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p role="status">
            We sent {codesSent > 1 ? 'a new' : 'an'} {LOGIN_CODE_LENGTH}-digit code to{' '}
            <EmailAddress email={codeSentTo} />. It is valid for {LOGIN_CODE_TTL_MINUTES} minutes and works
            once.
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-code`}>Login code</Label>
          <Input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={LOGIN_CODE_LENGTH}
            placeholder={`${LOGIN_CODE_LENGTH}-digit code`}
            className={cn(
              'h-12 text-center font-mono text-2xl tracking-[0.4em] md:text-2xl',
              CODE_PLACEHOLDER_CLASSES,
            )}
            value={code}
            onChange={(e) => setCode(sanitizeCodeInput(e.target.value, LOGIN_CODE_LENGTH))}
            onPaste={onPasteCode}
            autoFocus
          />
        </div>
        <SubmitButton pending={verify.isPending} pendingLabel="Signing In...">
          Verify
        </SubmitButton>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="link"
            className="h-auto px-0"
            disabled={requestCode.isPending}
            onClick={() =>
              requestCode.mutate(codeSentTo, {
                onSuccess: () => {
                  setCode('');
                  setCodesSent((n) => n + 1);
                },
              })
            }
          >
            {requestCode.isPending ? 'Sending...' : 'Resend code'}
          </Button>
          <Button
            type="button"
            variant="link"
            className="h-auto px-0"
            onClick={() => {
              setCodeSentTo(null);
              setCode('');
            }}
          >
            Change email
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onRequestCode} noValidate className="grid gap-4" aria-label="Login">
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} autoFocusTarget />
      <SubmitButton pending={requestCode.isPending} pendingLabel="Signing In..." className="mt-2 w-full">
        Sign In
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">
        No password: we email you a one-time {LOGIN_CODE_LENGTH}-digit code.
      </p>
    </form>
  );
}
