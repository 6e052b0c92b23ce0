import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthMode } from './auth-mode';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/** The register and login forms in their tabs (loaded on demand by auth-section.tsx). */
export function AuthForms({
  mode,
  onModeChange,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}) {
  return (
    <Tabs value={mode} onValueChange={(value) => onModeChange(value as AuthMode)}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="register">Register</TabsTrigger>
        <TabsTrigger value="login">Login</TabsTrigger>
      </TabsList>
      <TabsContent value="register">
        <RegisterForm />
      </TabsContent>
      <TabsContent value="login">
        <LoginForm />
      </TabsContent>
    </Tabs>
  );
}
