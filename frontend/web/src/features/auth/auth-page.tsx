import { useGetSiteInfo } from '@grace-stories/sdk/react';
import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, BookOpen, Heart, Loader2, Users } from 'lucide-react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSiteName } from '@/hooks/use-site-name';
import { toast } from '@/hooks/use-toast';
import { browser } from '@/lib/browser';
import { ForgotPasswordForm } from './forgot-password-form';
import { googleErrorMessage } from './google-error';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Mode = 'sign-in' | 'sign-up' | 'forgot-password';

const TEXT: Record<Mode, { title: string; subtitle: string }> = {
  'sign-in': { title: 'Welcome Back', subtitle: 'Sign in to continue your spiritual journey' },
  'sign-up': { title: 'Join Our Community', subtitle: 'Create an account to get started' },
  'forgot-password': {
    title: 'Reset your password',
    subtitle: "Enter your account's e-mail address and we will send you a link to choose a new password.",
  },
};

const TOGGLE: Record<'sign-in' | 'sign-up', [string, string]> = {
  'sign-in': ["Don't have an account?", 'Sign up'],
  'sign-up': ['Already have an account?', 'Sign in'],
};

/**
 * `/auth?mode=forgot-password` opens the reset form directly (the reset page links there);
 * `/auth?mode=signup` opens sign-up (the header's Sign Up, the landing page's calls to join).
 */
function initialMode(search: string): Mode {
  const mode = new URLSearchParams(search).get('mode');
  if (mode === 'forgot-password') return 'forgot-password';
  return mode === 'signup' ? 'sign-up' : 'sign-in';
}

/** /auth — sign in and sign up (docs/product.md#screens). */
export function AuthPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const search = useSearch();
  const [mode, setMode] = useState<Mode>(() => initialMode(search));
  // Sign Up in the header while /auth is open changes only the query string: follow it.
  const [modeSearch, setModeSearch] = useState(search);
  if (search !== modeSearch) {
    setModeSearch(search);
    setMode(initialMode(search));
  }
  const [resetEmail, setResetEmail] = useState('');
  const [, navigate] = useLocation();
  const text = TEXT[mode];
  useDocumentTitle(text.title);
  useGoogleErrorToast();

  if (isLoading) {
    return (
      <div role="status" className="flex min-h-screen items-center justify-center">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <span className="sr-only">Loading...</span>
      </div>
    );
  }
  if (isAuthenticated) return <Redirect to="/" replace />;

  const onSuccess = () => navigate('/');

  return (
    <main className="grid min-h-screen lg:grid-cols-2">
      <Hero />
      <section className="flex items-center justify-center bg-background px-4 py-12 sm:px-8">
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="font-serif text-3xl font-semibold tracking-tight">{text.title}</h1>
            <CardDescription>{text.subtitle}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {mode === 'forgot-password' ? (
              <>
                <ForgotPasswordForm defaultEmail={resetEmail} />
                <Button
                  type="button"
                  variant="ghost"
                  className="justify-self-center"
                  onClick={() => setMode('sign-in')}
                >
                  <ArrowLeft aria-hidden="true" />
                  Back to sign in
                </Button>
              </>
            ) : (
              <>
                {mode === 'sign-in' ? (
                  <LoginForm
                    onSuccess={onSuccess}
                    onForgotPassword={(email) => {
                      setResetEmail(email);
                      setMode('forgot-password');
                    }}
                  />
                ) : (
                  <RegisterForm onSuccess={onSuccess} />
                )}
                <SignInAlternatives mode={mode} onToggle={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')} />
              </>
            )}
          </CardContent>
        </Card>
      </section>
    </main>
  );
}

/** Google below the divider, then the switch between signing in and signing up. */
function SignInAlternatives({ mode, onToggle }: { mode: 'sign-in' | 'sign-up'; onToggle: () => void }) {
  const continueWithGoogle = useContinueWithGoogle();
  const toggle = TOGGLE[mode];
  return (
    <>
      <div className="relative text-center text-xs uppercase">
        <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden="true" />
        <span className="relative bg-card px-2 text-muted-foreground">Or continue with</span>
      </div>

      <Button type="button" variant="outline" className="w-full" onClick={continueWithGoogle}>
        <GoogleMark />
        Continue with Google
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        {toggle[0]}{' '}
        <button
          type="button"
          className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline"
          onClick={onToggle}
        >
          {toggle[1]}
        </button>
      </p>
    </>
  );
}

function Hero() {
  const siteName = useSiteName();
  const bullets = [
    { icon: Heart, text: 'Share your faith journey and testimonies' },
    { icon: BookOpen, text: 'Explore Bible studies and spiritual content' },
    { icon: Users, text: 'Connect with a community of believers' },
  ];
  return (
    <section
      aria-label={siteName}
      className="flex flex-col justify-center gap-8 bg-gradient-to-br from-amber-700 via-orange-700 to-rose-800 px-8 py-12 text-white sm:px-12 lg:px-16"
    >
      <div className="grid gap-3">
        <p className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{siteName}</p>
        <p className="max-w-md text-lg text-amber-50/90">
          A home for the stories of faith that shape us: testimonies, Bible studies and everyday grace.
        </p>
      </div>
      <ul className="grid gap-4">
        {bullets.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-amber-50">
            <span
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15"
              aria-hidden="true"
            >
              <Icon className="size-4" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Continue with Google' leaves the app for `/api/auth/google`. When the server says Google is not
 * configured, that address would only answer a bare 503, so the reason is shown here instead.
 */
function useContinueWithGoogle() {
  const { data: site } = useGetSiteInfo({ query: { retry: false } });
  return () => {
    if (site?.googleSignInEnabled === false) {
      toast({
        title: 'Google sign-in failed',
        description: googleErrorMessage('google-not-configured'),
        variant: 'destructive',
      });
      return;
    }
    browser.go('/api/auth/google');
  };
}

/** `/auth?error=google-...`: the Google sign-in came back failed; say so once. */
function useGoogleErrorToast() {
  const search = useSearch();
  const shown = useRef<string | null>(null);
  const code = new URLSearchParams(search).get('error');
  useEffect(() => {
    const reason = googleErrorMessage(code);
    if (!reason || shown.current === code) return;
    shown.current = code;
    toast({ title: 'Google sign-in failed', description: reason, variant: 'destructive' });
  }, [code]);
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}
