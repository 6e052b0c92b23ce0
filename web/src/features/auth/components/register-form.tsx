import { useId, useState, type FormEvent } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useRegister } from '../api';
import { EmailField, SubmitButton } from './form-parts';
import { EXPERIENCE_LABELS } from '../experience';
import { validateRegistration } from '../validation';
import { TRADING_EXPERIENCE_LEVELS } from '@/lib/contracts';

export function RegisterForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [tradingExperience, setTradingExperience] = useState<string | undefined>(undefined);
  const register = useRegister();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateRegistration({ name, email, tradingExperience });
    if (!result.ok) {
      toast({ title: result.problem.title, description: result.problem.message, variant: 'destructive' });
      return;
    }
    register.mutate(result.value);
  }

  return (
    // noValidate: the SPEC's validation messages are shown as toasts, not browser bubbles.
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Full Name</Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          placeholder="Your name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus-target
        />
      </div>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-experience`}>Trading Experience</Label>
        <Select value={tradingExperience} onValueChange={setTradingExperience}>
          <SelectTrigger id={`${id}-experience`}>
            <SelectValue placeholder="Select your experience level" />
          </SelectTrigger>
          <SelectContent>
            {TRADING_EXPERIENCE_LEVELS.map((level) => (
              <SelectItem key={level} value={level}>
                {EXPERIENCE_LABELS[level]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <SubmitButton pending={register.isPending} pendingLabel="Creating Account..." className="mt-2 w-full">
        Create Free Account
      </SubmitButton>
      <p className="text-center text-xs text-muted-foreground">Free, no credit card, quick registration.</p>
    </form>
  );
}
